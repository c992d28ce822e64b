# A regression suite of igo's own, in the format of GNU Go's regress.sh and gogui-regress
# (`igo regress` runs it). games/race-9x9.sgf is a GNU Go 3.8 self-play game made for igo's
# tests (level 0, Chinese rules, seed 5182), not a game of GNU Go's own regression suites.
# Every expected answer was read from the position; igo and GNU Go 3.8 both pass them all.

loadsgf games/race-9x9.sgf
# Black's E5 string has three liberties (F5 C3 D2); White to play cannot capture it at once,
# and Black to play saves it by taking a liberty.
1 countlib E5
#? [3]
2 attack E5
#? [0]
3 defend E5
#? [1 (C3|D2)]
# C4 has two liberties; C3 joins it to E5.
4 defend C4
#? [1 C3]
# H5 would be suicide for Black (every neighbour is White's and J5 keeps J4).
5 is_legal black H5
#? [0]
6 is_legal white H5
#? [1]
7 dragon_status A8
#? [alive]
8 unconditional_status A8
#? [undecided]

# The position before move 30 (White to play): E5 then had four liberties.
loadsgf games/race-9x9.sgf 30
9 countlib E5
#? [4]
10 list_stones black
#? [!.*A1.*]
