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
//                                a new board; the moves pushed in order
//                                ("info string illegal move M" stops there)
//   d                            "Fen: FEN", "Checkers: SQUARES" (the
//                                squares of the checked royal pieces: ffish
//                                has no call for the checking ones)
//   go perft N                   "MOVE: COUNT" per legal move, "",
//                                "Nodes searched: TOTAL" (recursion over
//                                legalMoves, push and pop: ffish has no perft)
//   go ... [searchmoves M]       see `go` below: ffish has no search
//   result                       "result R" (R: ffish's result(false):
//                                "1-0", "0-1", "1/2-1/2" or "*")
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

function out(line) { process.stdout.write(line + '\n'); }

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

function setBoard(fen) {
    if (board) board.delete();
    board = null;
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
    const moves = legal(b);
    if (depth <= 1) return moves.length;
    let n = 0;
    for (const m of moves) {
        b.push(m);
        n += perft(b, depth - 1);
        b.pop();
    }
    return n;
}

function divide(depth) {
    let total = 0;
    for (const m of legal(board)) {
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

function material(fen, white) {
    let sum = 0;
    const placement = fen.split(' ')[0];
    for (const c of placement) {
        const l = c.toLowerCase();
        if (l === c.toUpperCase()) continue;           // digits, '/', '[', '+', '~'
        const w = l in WORTH ? WORTH[l] : 4;
        sum += (c !== l) === white ? w : -w;
    }
    return sum;
}

// A deterministic pseudo-random number from a text (the position): the
// same answer to the same question every run.
function hashOf(text) {
    let h = 2166136261;
    for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619) >>> 0;
    return h;
}

// `go`: ffish has no search, so the player is one ply deep: a move that
// wins on the spot, else the best material after the move (captures,
// promotions) with a little noise from the position, never one that loses
// on the spot when another does not.  The score line says what the game's
// end is worth, as 11.1's search reports it: at an end, "score mate 0"
// when decisive and "score cp 0" when drawn, then "bestmove (none)"; with
// searchmoves M, the score of M alone: "mate 1" when it wins for the
// mover, "mate -1" when it loses, else its material.
function go(args) {
    const i = args.indexOf('searchmoves');
    const only = i >= 0 ? args.slice(i + 1) : null;
    const here = outcome(board);
    const moves = legal(board);
    if (!moves.length) {
        out('info depth 0 score ' + (here ? 'mate 0' : 'cp 0'));
        out('bestmove (none)');
        return;
    }
    const white = board.turn();
    let best = null, bestScore = -Infinity, bestMate = 0;
    const seed = hashOf(board.fen() + args.join(' '));
    for (let k = 0; k < moves.length; k++) {
        const m = moves[k];
        if (only && !only.includes(m)) continue;
        board.push(m);
        const o = outcome(board);
        const fen = board.fen();
        board.pop();
        let score, mate = 0;
        if (o === null || o === 0) {
            score = o === 0 ? 0 : material(fen, white) + ((hashOf(m) ^ seed) % 100) / 200;
        } else {
            mate = o === -1 ? 1 : -1;                  // the other side lost: the mover won
            score = mate * 1e6;
        }
        if (score > bestScore) {
            best = m;
            bestScore = score;
            bestMate = mate;
        }
    }
    if (best === null) {
        out('info depth 0 score cp 0');
        out('bestmove (none)');
        return;
    }
    out('info depth 1 score ' + (bestMate ? 'mate ' + bestMate : 'cp ' + Math.round(bestScore * 100)) + ' pv ' + best);
    out('bestmove ' + best);
}

function position(args) {
    let fen = '';
    let k = 1;
    if (args[0] === 'fen') {
        const end = args.indexOf('moves');
        fen = args.slice(1, end < 0 ? args.length : end).join(' ');
        k = end < 0 ? args.length : end;
    }
    setBoard(fen);
    if (!board) return;
    if (args[k] === 'moves')
        for (const m of args.slice(k + 1))
            if (!board.push(m)) {
                out('info string illegal move ' + m);
                break;
            }
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
        if (board) {
            out('Fen: ' + board.fen());
            out('Checkers: ' + board.checkedPieces());
        }
        break;
    case 'go':
        if (!board) break;
        if (args[1] === 'perft') divide(parseInt(args[2], 10) || 1);
        else go(args.slice(1));
        break;
    case 'result':
        if (board) out('result ' + board.result(false));
        break;
    case 'quit':
        process.exit(0);
    }
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
