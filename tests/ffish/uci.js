// The test suite's second oracle: the Fairy-Stockfish build inside the npm
// package ffish (pinned in package.json, installed by ../../setup.sh with
// `npm ci`), speaking on stdin and stdout the part of UCI that
// tests/support/uci.c uses, so the tests drive it as they drive Debian's
// Fairy-Stockfish 11.1 (docs/testing.md, "The oracles").
//
// Commands (one a line):
//   uci                          "id name <ffish.info()>", "uciok"
//   isready                      "readyok"
//   ucinewgame                   nothing
//   setoption name VariantPath value FILE
//                                loadVariantConfig(the file's text)
//   setoption name VariantText value TEXT
//                                loadVariantConfig(TEXT, "\n" written "\\n")
//   setoption name UCI_Variant value NAME
//                                "info string variant NAME startpos FEN",
//                                or "info string unknown variant NAME"
//   setoption name UCI_Chess960 value true|false
//   position startpos|fen FEN [moves M...]
//                                the board after the moves ("info string
//                                illegal move M" stops there; the last
//                                position's board is kept when it has the
//                                same start, see position())
//   d                            "Fen: FEN", "Checkers: SQUARES" (the
//                                squares of the checked royal pieces: ffish
//                                has no call for the checking ones)
//   go perft N                   "MOVE: COUNT" per legal move, "",
//                                "Nodes searched: TOTAL" (recursion over
//                                legalMoves, push and pop: ffish has no perft)
//   go ... [searchmoves M]       see `go` below: ffish has no search
//   play [M]                     M pushed on the current board (after a
//                                position; "info string illegal move M"
//                                and the board unchanged when refused),
//                                then what `d` and `go perft 1` print: a
//                                game's ply in one exchange
//   play go ARGS                 what `go ARGS` prints, then `play` of
//                                its bestmove: a ply the player chooses
//                                in one exchange
//   result                       "result R" (R: ffish's result(false):
//                                "1-0", "0-1", "1/2-1/2" or "*"), then
//                                " insufficient" where ffish's
//                                isInsufficientMaterial() holds, which
//                                result() looks at before the rules'
//                                checkmate and stalemate
//   compare A B GAMES PLIES SEED [FEN]
//                                GAMES games of up to PLIES random moves
//                                (seeded) played on variants A and B side
//                                by side, from FEN (else the start),
//                                comparing the FEN and the legal
//                                moves at every ply: "compare same N" (N
//                                positions compared) or "compare differ
//                                after MOVES: A has X, B has Y"
//   quit
// Other setoption names and unknown commands are ignored, as an engine
// ignores them.

'use strict';

// ffish's Emscripten glue prefers the global fetch when there is one (Node
// 18 and later) and then fails to read its .wasm file from disk.
delete globalThis.fetch;

const fs = require('fs');
const readline = require('readline');
const ffish = require('ffish');

let variant = 'chess';
let chess960 = false;
let board = null;
let known = null;                 // names ffish knows (built-in and loaded)

// What a command answers goes out in one write when the command is done
// (command() below): a write a line made the oracle's runs spend more in
// the kernel than in the engine.
let answer = '';
function out(line) { answer += line + '\n'; }
function flush() {
    if (answer) process.stdout.write(answer);
    answer = '';
}

function knownVariants() {
    if (!known) {
        // variants() is empty until the engine is initialised, which the
        // first board does.
        if (!ffish.variants()) new ffish.Board('chess').delete();
        known = new Set(ffish.variants().split(' ').filter(Boolean));
    }
    return known;
}

function loadConfig(text) {
    knownVariants();
    ffish.loadVariantConfig(text);
    known = null;                 // the new sections are in variants() now
}

// The FEN and legal moves of the board as `play` last showed them, while
// the board is still there (null once anything else moves it): `go`
// starts from them instead of asking ffish again.
let shown = null;

function setBoard(fen) {
    shown = null;
    if (board) board.delete();
    board = null;
    boardFen = null;
    if (!knownVariants().has(variant)) {
        // An unknown name reads past the end of the engine's table.
        out('info string unknown variant ' + variant);
        return;
    }
    board = new ffish.Board(variant, fen || '', chess960);
}

function legal(b) {
    const s = b.legalMoves();
    return s ? s.split(' ') : [];
}

function perft(b, depth) {
    // The last ply counts the moves without listing them.
    if (depth <= 1) return b.numberLegalMoves();
    const moves = legal(b);
    let n = 0;
    for (const m of moves) {
        b.push(m);
        n += perft(b, depth - 1);
        b.pop();
    }
    return n;
}

function divide(depth, moves) {
    let total = 0;
    for (const m of moves || legal(board)) {
        let n = 1;
        if (depth > 1) {
            board.push(m);
            n = perft(board, depth - 1);
            board.pop();
        }
        out(m + ': ' + n);
        total += n;
    }
    out('');
    out('Nodes searched: ' + total);
}

// The result of the game for the side to move: 1 won, -1 lost, 0 drawn,
// null when it goes on.
function outcome(b) {
    const r = b.result(false);
    if (r === '*') return null;
    if (r === '1/2-1/2') return 0;
    return (r === '1-0') === b.turn() ? 1 : -1;
}

// The pieces' rough worth by FEN letter, the player's only knowledge.
const WORTH = { p: 1, n: 3, b: 3, r: 5, q: 9, k: 0 };
const worth = (letter) => (letter in WORTH ? WORTH[letter] : 4);

// The board of a FEN: squares["e4"] = the piece's letter (case: colour).
function squaresOf(fen) {
    const squares = {};
    const rows = fen.split(/[ \[]/)[0].split('/');
    rows.forEach((row, i) => {
        const rank = rows.length - i;
        let file = 0;
        for (let k = 0; k < row.length; k++) {
            const c = row[k];
            if (c >= '0' && c <= '9') {
                let n = c;
                while (k + 1 < row.length && row[k + 1] >= '0' && row[k + 1] <= '9') n += row[++k];
                file += parseInt(n, 10);
            } else if (c === '+' || c === '~') {
                continue;
            } else {
                squares[String.fromCharCode(97 + file) + rank] = c;
                file++;
            }
        }
    });
    return squares;
}

// A deterministic pseudo-random number from a text (the position): the
// same answer to the same question every run.
function hashOf(text) {
    let h = 2166136261;
    for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619) >>> 0;
    return h;
}

// The material a move wins at once, read off the board: the piece on its
// destination and a promotion's letter ("e7e8q").  Drops win nothing.
function gain(squares, move) {
    const m = /^([a-z]\d+)([a-z]\d+)([a-z+]?)$/.exec(move);
    if (!m) return 0;
    const taken = squares[m[2]];
    let g = taken ? worth(taken.toLowerCase()) : 0;
    if (m[3] && m[3] !== '+') g += worth(m[3]) - 1;
    else if (m[3] === '+') g += 1;
    return g;
}

// Candidates whose outcome the player tries: each costs ffish two move
// generations (push() finds the move among the legal ones, result() looks
// for the opponent's), most of the oracle's time; with 32 the games ended
// by the engine were 371 of 600, with 8 they are 342 at a third of the cost.
const LOOKED_AT = 8;

// `go`: ffish has no search, so the player is one ply deep and cheap: the
// moves are ranked by the material they win at once (captures,
// promotions) with a little noise drawn from the position; the first
// LOOKED_AT of them are played on the board, and one that wins on the
// spot is taken, one that loses on the spot avoided.  The score line says
// what the game's end is worth, as 11.1's search reports it: at an end,
// "score mate 0" when decisive and "score cp 0" when drawn, then
// "bestmove (none)"; with searchmoves M, the score of M alone: "mate 1"
// when it wins for the mover, "mate -1" when it loses, else "cp 0".
function go(args) {
    const i = args.indexOf('searchmoves');
    const only = i >= 0 ? args.slice(i + 1) : null;
    const moves = (shown ? shown.moves : legal(board)).filter((m) => !only || only.includes(m));
    if (!moves.length) {
        out('info depth 0 score ' + (outcome(board) ? 'mate 0' : 'cp 0'));
        out('bestmove (none)');
        return null;
    }
    const fen = shown ? shown.fen : board.fen();
    const squares = squaresOf(fen);
    const seed = hashOf(fen + args.join(' '));
    const ranked = moves.map((m) => ({ m, score: gain(squares, m) + ((hashOf(m) ^ seed) % 1000) / 1000 }))
        .sort((a, b) => b.score - a.score);
    let best = null;
    for (const c of ranked.slice(0, LOOKED_AT)) {
        board.push(c.m);
        const o = outcome(board);
        board.pop();
        c.mate = o === -1 ? 1 : o === 1 ? -1 : 0;     // the other side lost: the mover won
        if (c.mate === -1) c.score -= 1e6;
        if (c.mate === 1) c.score += 1e6;
        if (!best || c.score > best.score) best = c;
    }
    out('info depth 1 score ' + (best.mate ? 'mate ' + best.mate : 'cp 0') + ' pv ' + best.m);
    out('bestmove ' + best.m);
    return best.m;
}

// The board keeps the FEN it started from and the moves pushed since, so
// that a position that adds moves to the last one (a game sent whole, ply
// after ply) costs only the new moves: the common moves are kept, the
// others taken back.
let boardFen = null, boardMoves = [];

// compare: see the list at the top.
function compare(a, b, games, plies, seed, fen) {
    let state = (seed >>> 0) || 1;
    const next = (n) => {
        state ^= state << 13; state >>>= 0;
        state ^= state >>> 17;
        state ^= state << 5; state >>>= 0;
        return state % n;
    };
    if (!knownVariants().has(a) || !knownVariants().has(b)) {
        out('compare differ unknown variant ' + (knownVariants().has(a) ? b : a));
        return;
    }
    let positions = 0;
    for (let g = 0; g < games; g++) {
        const x = new ffish.Board(a, fen || '', chess960), y = new ffish.Board(b, fen || '', chess960);
        const played = [];
        let verdict = null;
        // The board's ranks, for the moves from the mover's home ranks.
        const ranks = x.fen().split(' ')[0].split('/').length;
        for (let ply = 0; ply <= plies && !verdict; ply++) {
            const mx = legal(x).sort(), my = legal(y).sort();
            const fx = x.fen(), fy = y.fen();
            positions++;
            if (fx !== fy || mx.join(' ') !== my.join(' '))
                verdict = 'compare differ after' + (played.length ? ' ' + played.join(' ') : ' nothing') + ': ' +
                    a + ' has ' + fx + ' (' + mx.length + ' moves), ' + b + ' has ' + fy + ' (' +
                    my.length + ' moves)';
            else if (!mx.length || ply === plies)
                break;
            else {
                // Half the moves from the mover's first two ranks, so the
                // back rank empties and castling comes within reach.
                const white = x.turn();
                const home = mx.filter((m) => {
                    const r = /^[a-z](\d+)/.exec(m);
                    const rank = r ? parseInt(r[1], 10) : 0;
                    return white ? rank >= 1 && rank <= 2 : rank >= ranks - 1;
                });
                const pool = home.length && next(2) ? home : mx;
                const m = pool[next(pool.length)];
                played.push(m);
                x.push(m);
                y.push(m);
            }
        }
        x.delete();
        y.delete();
        if (verdict) {
            out(verdict);
            return;
        }
    }
    out('compare same ' + positions);
}

function position(args) {
    let fen = '';
    let k = 1;
    if (args[0] === 'fen') {
        const end = args.indexOf('moves');
        fen = args.slice(1, end < 0 ? args.length : end).join(' ');
        k = end < 0 ? args.length : end;
    }
    const moves = args[k] === 'moves' ? args.slice(k + 1) : [];
    let same = 0;
    if (board && boardFen === fen)
        while (same < moves.length && same < boardMoves.length && moves[same] === boardMoves[same]) same++;
    else {
        setBoard(fen);
        if (!board) return;
        boardFen = fen;
        boardMoves = [];
    }
    shown = null;
    for (; boardMoves.length > same; boardMoves.pop()) board.pop();
    for (const m of moves.slice(same)) {
        if (!board.push(m)) {
            out('info string illegal move ' + m);
            break;
        }
        boardMoves.push(m);
    }
}

function show() {
    const fen = board.fen();
    out('Fen: ' + fen);
    out('Checkers: ' + board.checkedPieces());
    return fen;
}

// play: see the list at the top.
function play(move) {
    if (move && board.push(move))
        boardMoves.push(move);
    else if (move)
        out('info string illegal move ' + move);
    const fen = show(), moves = legal(board);
    divide(1, moves);
    shown = { fen, moves };
}

function setoption(line) {
    const m = /^setoption name (\S+)(?: value (.*))?$/.exec(line);
    if (!m) return;
    const [, name, value = ''] = m;
    if (name === 'VariantPath') {
        try {
            loadConfig(fs.readFileSync(value, 'utf8'));
        } catch (e) {
            out('info string cannot read ' + value + ': ' + e.message);
        }
    } else if (name === 'VariantText') {
        loadConfig(value.replace(/\\n/g, '\n'));
    } else if (name === 'UCI_Variant') {
        variant = value;
        setBoard('');
        if (board) out('info string variant ' + variant + ' startpos ' + board.fen());
    } else if (name === 'UCI_Chess960') {
        chess960 = value === 'true';
    }
}

function command(line) {
    const args = line.trim().split(/\s+/);
    switch (args[0]) {
    case 'uci':
        out('id name ' + ffish.info());
        out('uciok');
        break;
    case 'isready':
        out('readyok');
        break;
    case 'setoption':
        setoption(line.trim());
        break;
    case 'position':
        position(args.slice(1));
        break;
    case 'd':
        if (board) show();
        break;
    case 'play':
        if (board && args[1] === 'go') {
            const best = go(args.slice(2));
            if (best) play(best);
        } else if (board)
            play(args[1]);
        break;
    case 'go':
        if (!board) break;
        if (args[1] === 'perft') divide(parseInt(args[2], 10) || 1);
        else go(args.slice(1));
        break;
    case 'result':
        if (board) out('result ' + board.result(false) + (board.isInsufficientMaterial() ? ' insufficient' : ''));
        break;
    case 'compare':
        compare(args[1], args[2], parseInt(args[3], 10), parseInt(args[4], 10), parseInt(args[5], 10),
                args.slice(6).join(' '));
        break;
    case 'quit':
        flush();
        process.exit(0);
    }
    flush();
}

// Lines that come before the WebAssembly module is ready wait for it, and
// so does the end of the input.
const pending = [];
let ready = false, closed = false;
readline.createInterface({ input: process.stdin }).on('line', (line) => {
    if (ready) command(line);
    else pending.push(line);
}).on('close', () => {
    closed = true;
    if (ready) process.exit(0);
});
ffish.onRuntimeInitialized = () => {
    ready = true;
    for (const line of pending.splice(0)) command(line);
    if (closed) process.exit(0);
};
