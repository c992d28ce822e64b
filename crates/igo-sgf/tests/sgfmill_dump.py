#!/usr/bin/env python3
"""Independent SGF reader for igo-sgf's tests: prints, for each SGF file named on the command line,
one JSON line with what sgfmill (https://github.com/mattheww/sgfmill) reads: board size, the root's
setup stones (AB, AW) and the main line's moves, in GTP coordinates (A-T without I, row 1 at the
bottom), and the root's comment (C) and game name (GN) as sgfmill decodes them (the CA encoding,
else ISO-8859-1), or null. Passes are "pass". Install with `pip install sgfmill`.
"""
import json
import sys

from sgfmill import sgf

COLUMNS = "ABCDEFGHJKLMNOPQRST"


def gtp(point):
    if point is None:
        return "pass"
    row, col = point
    return f"{COLUMNS[col]}{row + 1}"


def main():
    for path in sys.argv[1:]:
        with open(path, "rb") as f:
            game = sgf.Sgf_game.from_bytes(f.read())
        root = game.get_root()
        black, white, empty = root.get_setup_stones()
        moves = []
        for node in game.get_main_sequence():
            colour, point = node.get_move()
            if colour is not None:
                moves.append([colour.upper(), gtp(point)])
        print(json.dumps({
            "file": path,
            "size": game.get_size(),
            "black": sorted(gtp(p) for p in black),
            "white": sorted(gtp(p) for p in white),
            "empty": sorted(gtp(p) for p in empty),
            "moves": moves,
            "comment": root.get("C") if root.has_property("C") else None,
            "name": root.get("GN") if root.has_property("GN") else None,
        }))


if __name__ == "__main__":
    main()
