# Every outcome of a regression test, for igo's tests of `igo regress` (not a suite to measure
# an engine with): 1 and 5 pass, 2 and 6 fail unexpectedly, 3 fails as expected, 4 passes
# unexpectedly, 7 has no expected answer and passes, and one set-up command is an error.
loadsgf games/race-9x9.sgf
1 countlib E5
#? [3]
2 countlib E5
#? [4]
3 countlib E5
#? [4]*
4 countlib E5
#? [3]*
5 countlib E5
#? [!4]
6 no_such_command_here
#? [.*]
not_a_command_either
7 countlib C4
