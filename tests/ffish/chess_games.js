// Random games of Chess played on ffish, the reference build (tests/ffish,
// pinned), for tests/replay/test_chess_reference.c: written as Game
// Courier logs, each with the end FIDE's Laws give it, decided here from
// ffish's board alone (its legal moves, checks, FEN and halfmove clock),
// independently of gcaudit's engine, as docs/rules.md states the rules:
// after each move the first of checkmate, stalemate, a dead position
// that needs no search (K v K, K+N v K, kings and bishops all on squares
// of one colour), the fifth occurrence of a position (same pieces, side,
// castling rights, and an en passant square only where a capture there
// is legal; the start is the first occurrence) and 75 moves (150 plies)
// without a capture or a pawn's move.
//
//   node chess_games.js DIR FIRST COUNT
//
// writes DIR/games.log (games FIRST .. FIRST+COUNT-1, the same every run),
// DIR/expect.csv ("log id,plies,result,termination" a game) and
// DIR/build.txt (ffish.info(): the build that decided them).  A
// game's moves are random, captures preferred in a share of its moves
// drawn per game (to reach the endings), and in every fourth game a side
// takes back its own last move where it can (to reach repetitions).
//
// The logs use the notation's freedom (gcaudit(1), LOG FORMAT), each game
// its own mix drawn from its seed: labels or none, white space around
// '-', castling's rook and en passant's taken pawn written as companions
// or left out, a promotion's piece placed with '-', '*' or on `dest`, one
// or two turns a line, comments after a turn and on lines of their own,
// lower-case header keys, and in one game of ten no turn markers at all
// (plies separated by commas).  None of it changes what a game is.

'use strict';
delete globalThis.fetch; // ffish's glue would fetch its .wasm (see uci.js)
const ffish = require('ffish');
const fs = require('fs');

const MAX_PLIES = 700;
const [, , out, first, count] = process.argv;

let seed = 0;
function below(n) {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    seed = (seed ^ (seed >>> 13)) >>> 0;
    return (seed >>> 3) % n;
}

// The board of a FEN: squares["e4"] = the piece's letter (case: colour).
function squaresOf(fen) {
    const squares = {};
    fen.split(' ')[0].split('/').forEach((row, i) => {
        let file = 0;
        for (const c of row) {
            if (c >= '1' && c <= '8') file += +c;
            else squares[String.fromCharCode(97 + file++) + (8 - i)] = c;
        }
    });
    return squares;
}

function dead(squares) {
    const men = Object.entries(squares).filter(([, p]) => p.toLowerCase() !== 'k');
    if (men.length === 0) return true;
    if (men.length === 1 && men[0][1].toLowerCase() === 'n') return true;
    if (!men.every(([, p]) => p.toLowerCase() === 'b')) return false;
    return new Set(men.map(([s]) => (s.charCodeAt(0) + +s[1]) % 2)).size === 1;
}

// The position as repetition counts it.
function keyOf(b) {
    const f = b.fen().split(' ');
    let ep = '-';
    if (f[3] !== '-') {
        const squares = squaresOf(f[0]);
        const legal = b.legalMoves().split(' ').filter(Boolean);
        if (legal.some((m) => m.slice(2, 4) === f[3] && (squares[m.slice(0, 2)] || '').toLowerCase() === 'p'))
            ep = f[3];
    }
    return [f[0], f[1], f[2], ep].join(' ');
}

// How game `index` writes its moves: percentages drawn once a game.
function styleOf() {
    return {
        label: [0, 50, 100][below(3)],
        spaced: below(2) * 15,
        companion: below(101),
        star: below(101),
        dest: below(2) * 30,
        pairs: below(101),
        comments: below(2) * 8,
        lowerKeys: below(5) === 0,
        unmarked: below(10) === 0,
    };
}

// Ply m (UCI) by the piece `piece`, as the game's style writes it.
function written(style, squares, m, piece, white) {
    const from = m.slice(0, 2), to = m.slice(2, 4);
    const dash = below(100) < style.spaced ? ' - ' : '-';
    let text = (below(100) < style.label ? piece + ' ' : '') + from + dash + to;
    const kind = piece.toLowerCase();
    if (kind === 'k' && Math.abs(from.charCodeAt(0) - to.charCodeAt(0)) === 2 && below(100) < style.companion) {
        const rank = from[1], king = to[0] === 'g';
        const rook = (white ? 'R' : 'r') + ' ';
        text += '; ' + (below(2) ? rook : '') + (king ? 'h' : 'a') + rank + '-' + (king ? 'f' : 'd') + rank;
    }
    if (kind === 'p' && from[0] !== to[0] && !squares[to] && below(100) < style.companion) {
        const taken = to[0] + from[1];
        text += '; ' + (below(2) ? taken + '-' : '@-' + taken);
    }
    if (m.length === 5) {
        const placed = white ? m[4].toUpperCase() : m[4];
        const onto = below(100) < style.dest ? 'dest' : to;
        text += '; ' + placed + (below(100) < style.star ? '*' : '-') + onto;
    }
    return text;
}

function play(index) {
    seed = (index * 2654435761 + 1) >>> 0;
    const b = new ffish.Board('chess');
    const captures = below(100), takeBack = index % 4 === 3;
    const style = styleOf();
    const seen = new Map([[keyOf(b), 1]]);
    const last = ['', ''];
    const plys = [];
    let end = 'unfinished', result = '*', plies = 0;
    while (plies < MAX_PLIES) {
        const squares = squaresOf(b.fen());
        const legal = b.legalMoves().split(' ').filter(Boolean);
        const taking = legal.filter((m) => squares[m.slice(2, 4)]);
        const white = b.turn();
        const back = last[white ? 0 : 1] && last[white ? 0 : 1].slice(2, 4) + last[white ? 0 : 1].slice(0, 2);
        let m;
        if (takeBack && plies > 20 && legal.includes(back) && below(100) < 70) m = back;
        else if (taking.length && below(100) < captures) m = taking[below(taking.length)];
        else m = legal[below(legal.length)];
        last[white ? 0 : 1] = m;
        plys.push({ white, number: Math.floor(plies / 2) + 1, text: written(style, squares, m, squares[m.slice(0, 2)], white) });
        b.push(m);
        plies++;
        if (b.numberLegalMoves() === 0) {
            end = b.isCheck() ? 'checkmate' : 'stalemate';
            result = !b.isCheck() ? '1/2-1/2' : white ? '1-0' : '0-1';
            break;
        }
        if (dead(squaresOf(b.fen()))) {
            end = 'insufficient-material';
            result = '1/2-1/2';
            break;
        }
        const k = keyOf(b);
        seen.set(k, (seen.get(k) || 0) + 1);
        if (seen.get(k) >= 5) {
            end = 'fivefold-repetition';
            result = '1/2-1/2';
            break;
        }
        if (b.halfmoveClock() >= 150) {
            end = 'seventy-five-moves';
            result = '1/2-1/2';
            break;
        }
    }
    b.delete();
    const id = 'ffish-chess-' + index;
    const key = (k) => (style.lowerKeys ? k.toLowerCase() : k);
    const header = [key('Game') + ': Chess', key('Log') + ': ' + id, key('White') + ': White ' + index,
        key('Black') + ': Black ' + index, key('Result') + ': ' + result, ''];
    return { log: header.concat(movesText(style, plys)).join('\n') + '\n', expect: [id, plies, result, end].join(',') };
}

// The moves section: with turn markers, one or two turns a line; or
// without, plies separated by commas over a few lines.  Comments now and
// then after a turn ("// ..." belongs to the line's last turn) or on a line
// of their own (belongs to none).
function movesText(style, plys) {
    const lines = [];
    const comment = () => (below(100) < style.comments ? ' // ' + ['good', 'forced', 'a slip?', 'time'][below(4)] : '');
    if (style.unmarked) {
        for (let i = 0; i < plys.length;) {
            const n = 1 + below(6), chunk = plys.slice(i, i + n).map((p) => p.text);
            i += n;
            lines.push(chunk.join(', ') + (i < plys.length ? ',' : '') + comment());
        }
        return lines;
    }
    for (let i = 0; i < plys.length;) {
        if (below(100) < style.comments) lines.push('// ' + ['move ' + plys[i].number, 'thinking'][below(2)]);
        const marker = (p) => p.number + (p.white ? '. ' : '... ') + p.text;
        if (plys[i].white && i + 1 < plys.length && below(100) < style.pairs) {
            lines.push(marker(plys[i]) + ' ' + marker(plys[i + 1]) + comment());
            i += 2;
        } else {
            lines.push(marker(plys[i]) + comment());
            i++;
        }
    }
    return lines;
}

ffish.onRuntimeInitialized = () => {
    const games = [];
    for (let i = +first; i < +first + +count; i++) games.push(play(i));
    fs.writeFileSync(out + '/games.log', games.map((g) => g.log).join('\n'));
    fs.writeFileSync(out + '/expect.csv', games.map((g) => g.expect).join('\n') + '\n');
    fs.writeFileSync(out + '/build.txt', ffish.info() + '\n');
};
