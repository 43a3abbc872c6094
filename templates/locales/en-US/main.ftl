# Yunzi — English messages. Every key here must also exist in zh-CN/main.ftl (a test checks).
app-name = Yunzi
app-tagline = go tournaments, from registration to standings
home-title = Home
home-intro = Register players, pair rounds by the 1988 Chinese Competition Rules, enter results and publish standings — in 中文 and English.
footer = Yunzi (云子) · points: win 2, draw 1, loss 0 (1988 Art. 28)
nav-main = Main
nav-events = Events
nav-login = Log in
nav-logout = Log out
nav-signup = Sign up
site-admin = site admin
go-back = Go back
go-home = Home
form-errors = Please check these fields; everything you typed is kept:
error-title-400 = Not done
error-title-403 = Not allowed
error-title-404 = Not found
error-title-409 = Changed meanwhile
error-title-429 = Too many attempts
error-title-500 = Something went wrong
save = Save
remove = remove

# Accounts
email = E-mail
display-name = Your name
password = Password
password-again = Password again
new-password = New password
password-hint = At least { $min } characters.
signup-title = Create an account
signup-submit = Sign up
signup-have-account = Already have an account?
check-mail-title = Check your e-mail
check-mail-body = We sent a confirmation link to { $email }. Open it to activate your account.
check-mail-outbox = This server keeps its mail in the folder { $dir } (no mail server is configured).
confirm-title = Confirm your e-mail address
confirm-submit = Confirm my address
login-title = Log in
login-submit = Log in
forgot-link = Forgot your password?
forgot-title = Reset your password
forgot-submit = Send me a reset link
forgot-sent = If an account exists for that address, we have sent it a link to reset the password. The link is valid for one hour.
reset-title = Choose a new password
reset-submit = Set the new password
resend-title = Didn't get the confirmation mail?
resend-submit = Send it again
flash-confirmed = Your address { $email } is confirmed. You can log in now.
flash-confirmation-resent = If that address has an unconfirmed account, a new confirmation link is on its way.
flash-password-reset = Your password has been changed. Log in with the new one.
mail-confirm-subject = Confirm your Yunzi account
mail-confirm-body =
    Hello { $name },

    please confirm your e-mail address for Yunzi by opening this link:

    { $link }

    If you did not sign up, ignore this message.
mail-exists-subject = Someone tried to sign up to Yunzi with your address
mail-exists-body =
    Hello { $name },

    someone (perhaps you) tried to create a Yunzi account with this address, but you already have one.

    Log in: { $login }
    Forgot your password? { $forgot }

    If it was not you, ignore this message; nothing has changed.
mail-reset-subject = Reset your Yunzi password
mail-reset-body =
    Hello { $name },

    someone (hopefully you) asked to reset your Yunzi password. Open this link within an hour to choose a new one:

    { $link }

    If it was not you, ignore this message; your password stays as it is.

# Events
events = Events
events-none = No events yet.
event-create = Create an event
event-edit = Edit event
event-name = Event name
event-venue = Venue
event-dates = Dates
event-start = First day
event-end = Last day
event-time-zone = Time zone
event-rounds = Rounds
event-system = Pairing system
event-ruleset = Rules
ruleset-chinese-1988 = Chinese rules (1988)
ruleset-chinese-2002 = Chinese rules (2002)
ruleset-japanese-1989 = Japanese rules (1989)
ruleset-korean-1992 = Korean rules (1992)
ruleset-ing = Ing rules
ruleset-aga = AGA rules
ruleset-new-zealand = New Zealand rules
ruleset-tromp-taylor = Tromp–Taylor rules
ruleset-pre-tang = Before the Tang (capture count)
ruleset-ancient-tang-song = Tang and Song (territory)
ruleset-ming-qing = Ming and Qing (area with group tax)
ruleset-sunjang = Korean sunjang baduk
ruleset-tibetan = Tibetan go (Mig-mang)
event-komi = Komi (目 or 子)
event-komi-placeholder = blank: the rules' own (Chinese 1988 2¾子, 2002 3¾子; Japanese 6.5)
event-board-size = Board size (lines)
event-late-limit = Lateness limit (minutes; 0 none)
event-late-limit-help = Art. 23: a player who has not arrived this long after the round's scheduled start loses (both absent: both lose). Set it only when players or board assistants check in through Yunzi.
event-cycle-outcome = A cycle (triple ko …) is
cycle-outcome-draw = a draw
cycle-outcome-replay = replayed
cycle-outcome-no-result = no result
event-warning-penalty = A warning costs, at the count
warning-penalty-rules = as the rules say (2002: one stone; 1988: nothing)
warning-penalty-stone = one stone
warning-penalty-none = nothing (the second still loses)
event-time-control = Time control
event-time-control-example = e.g. 60m (sudden death) · chinese 60m reserve 5 · 60m + 3x30s · 60m + 15/10m · 30m + 20s
event-sections = Event sections
event-overview = Overview
swiss = Swiss (积分编排)
rounds-count = { $n ->
    [one] { $n } round
   *[other] { $n } rounds
}
registration = Registration
registration-open = open
registration-closed = closed
registration-close = Close registration
registration-reopen = Reopen registration
director-tools = Director's tools
audit-log = Audit log
audit-when = When
audit-who = Who
audit-what = What
audit-detail = Details
staff = Directors and referees
staff-email = Account e-mail
staff-role = Role
staff-add = Add
director = director
referee = referee
chief-referee = chief referee
flash-event-created = Event created. Add players next.
flash-event-saved = Event saved.
flash-staff-added = Staff member added.

# Players
players = Players
players-none = No players yet.
player-name = Name
rank = Rank
rating = Rating
club = Club
country = Country/region
player-add = Add player
withdraw = withdraw
reinstate = reinstate
withdrawn = withdrawn
import-title = Import players from CSV
import-hint = The first line names the columns: name and rank are required; rating, club, country, email, team and board (a team's order, 1 first) are optional (Chinese headers such as 姓名, 段位 work too). Every line must be correct, or nothing is imported.
import-file = CSV file
import-paste = or paste the CSV here
import-submit = Import
import-rejected = Nothing was imported. Fix these lines and try again:
line-n = Line { $n }
register-title = Register for this event
register-submit = Register
registered-as = You are registered as { $name }.
withdraw-self = Withdraw from the event
flash-player-added = { $name } added.
flash-imported = { $count ->
    [one] Imported { $count } player.
   *[other] Imported { $count } players.
}
flash-registered = You are registered.
flash-withdrawn = You have withdrawn from the event.

# Rounds and results
rounds = Rounds
rounds-none = No rounds yet.
round-n = Round { $n }
round-short = R{ $n }
draft = draft
draft-warnings = Check before publishing:
round-generate = Pair the next round
round-publish = Publish this round
round-discard = Discard the draft
board = Board
black = Black
white = White
bye = Bye
result = Result
margin = Margin
reason = Reason for the correction
result-correct = Correct the result
result-legend = Results read B+R (Black wins by resignation), W+3.5 (White by 3.5 points), 黑胜¾子 (Black by ¾ stone).
outcome-black = Black wins
outcome-white = White wins
outcome-draw = Draw (jigo)
outcome-black-forfeit = Black wins by forfeit
outcome-white-forfeit = White wins by forfeit
outcome-no-result = No result
outcome-both-lose = Both lose
swap-title = Change the draft
swap-a = Exchange
swap-b = with
swap-submit = Exchange places
swap-colours = swap colours
flash-round-drafted = Round { $n } is paired as a draft. Check it, then publish.
flash-round-discarded = The draft of round { $n } was discarded.
flash-round-published = Round { $n } is published; paired players with an e-mail address have been told.
flash-mail-failed = { $count ->
    [one] { $count } message could not be sent; see the server log.
   *[other] { $count } messages could not be sent; see the server log.
}
flash-result-corrected = The result of board { $n } was corrected.
warning-rematch = Board { $board }: { $a } and { $b } have played each other before.
warning-colour = Board { $board }: { $name } would have { $n } more games with { $colour } than with the other colour.
warning-second-bye = { $name } would get a second bye.
mail-pairing-subject = { $event }: round { $round }
mail-pairing-body =
    Hello { $name },

    { $event }, round { $round }: you play on board { $board } with { $colour } against { $opponent } ({ $rank }).

    Pairings: { $link }
mail-bye-body =
    Hello { $name },

    { $event }, round { $round }: you have the bye this round (it counts as a win).

    Pairings: { $link }

# Standings
standings = Standings
place = Place
points = Points
sos = SOS
wdl = W/D/L
standings-legend = Points: win 2, draw 1, loss 0; a bye counts as a win. SOS (对手分) is the sum of the opponents' points. Every row has its own number (No.), even where places are shared; in a round cell, "3b+" means: against player No. 3, with Black (w: White), won. + won, - lost, = drawn, +! won without play (forfeit), -! lost without play, × no result (void), ? not played or not entered yet; a blank cell: not paired that round.
table-number = No.

# Errors
error-not-found = There is nothing at this address.
error-forbidden = You do not have the role this needs.
error-internal = Something went wrong on our side. It has been logged; please try again.
error-bad-request = The request could not be understood.
error-csrf = The form expired or came from another site. Go back, reload the page and try again.
error-login-required = Please log in first.
error-too-many-attempts = Too many attempts. Try again in { $minutes } minutes.
error-password-length = The password must have between { $min } and { $max } characters.
error-passwords-differ = The two passwords are not the same.
error-link-invalid = This link is not valid. Check that you copied all of it.
error-link-expired = This link has expired or has already been used. Ask for a new one.
error-confirm-first = Confirm your e-mail address first: open the link we sent you (you can ask for it again below).
error-login-failed = The e-mail address or the password is wrong.
error-no-such-account = There is no account for { $email }. Ask them to sign up first.
error-already-staff = { $name } already has that role.
error-last-director = The last director cannot be removed.
error-bad-role = Choose director or referee.
error-rounds-below-played = { $n } rounds exist already; the event cannot have fewer.
error-duplicate-name = A player named { $name } is already registered.
error-duplicate-email = { $email } is already registered (for { $name }).
error-registration-closed = Registration for this event is closed.
error-already-registered = You are already registered for this event.
error-not-registered = You are not registered for this event.
error-csv-header = The first line must name the columns, with at least "name" and "rank".
error-csv-empty = The file has no players in it.
error-csv-too-many = Too many lines: at most { $max } players per file.
error-event-full = An event holds at most { $max } players.
error-csv-not-utf8 = The file is not UTF-8 text. Save it as "CSV UTF-8" and try again.
error-draft-exists = Round { $n } is still a draft. Publish or discard it first.
error-all-rounds-paired = All { $n } rounds are already paired.
error-results-missing = Round { $n } still has boards without a result: { $boards }.
error-round-published = Round { $n } is already published; its pairing can no longer change.
error-round-not-published = Round { $n } is not published yet.
error-no-such-round = There is no round { $n }.
error-no-such-board = Round { $n } has no board { $board }.
error-result-exists = Board { $board } already has a result ({ $result }). To change it, use "Correct the result".
error-result-changed = The result of board { $board } was changed by someone else meanwhile. Reload the page and check it.
error-reason-required = Give a reason for the correction.
error-choose-outcome = Choose who won.
error-results-none = No result was filled in: choose an outcome for at least one board.
flash-results-saved = { $n ->
    [one] One result saved.
   *[other] { $n } results saved.
}
results-grid-save = Save the results filled in
results-grid-hint = Fill in any boards (outcome, and a margin such as R, 3.5 or ¾子), then save them all at once; a board left blank is skipped.
outcome-none = —
error-swap-same = Choose two different players.
error-swap-not-in-round = Both players must be in this round.

# Pairing systems
mcmahon = McMahon
round-robin = Round robin (循环制)
knockout = Knockout (淘汰制)
best-of = Best-of-N match (多局决胜)
system-settings = System settings
system-settings-hint = Only the settings of the chosen system are used; a field left blank takes its usual value.
mcmahon-bar = McMahon bar
mcmahon-floor = McMahon floor
placement = Placement in a score group
split-and-fold = Split and fold (1–8, 2–7 …)
split-and-random = Split and random
adjacent = Adjacent (1–2, 3–4 …)
avoid-same-club = Avoid players of one club meeting
same-team-rounds = Team-mates do not meet in rounds 1 to
knockout-after = Then a knockout of the top (0: none)
knockout-after-help = 积分编排淘汰制: after the last round, the top players of the standings play single elimination (with a game for third place from four players); in a group round robin, the top of each group
knockout-stage-n = then a knockout of the top { $n }
knockout-stage-groups-n = then a knockout of the top { $n } of each group
knockout-stage-hint = Swiss, McMahon: the top of the standings. Team Swiss: the top teams; a level team match goes to the winner on board 1 (主将), then to the higher seed. Group round robin: the top of each group; winners are seeded first, then runners-up, so the first knockout round crosses the groups.
knockout-stage-teams-n = then a knockout of the top { $n } teams
knockout-stage = Knockout stage
standings-before-knockout = Standings before the knockout
handicap-games = Handicap games
handicap-reduction = Handicap: grades subtracted
handicap-max = Largest handicap
seating = Seats and seeds
strength = By strength (rank, rating)
lot = By lot (抽签)
cycles = Cycles (1 single, 2 double)
cycles-single = single round robin
cycles-double = double round robin (colours swapped)
lives = Lives (1 single, 2 double elimination)
lives-n = out after { $n } lost matches
third-place-game = Game for third place
best-of-games = Best of (games)
best-of-title = Best of { $n }
best-of-winner = { $name } has won the match.
best-of-undecided = The match is not decided yet.
tradition = Standings tradition
tradition-chinese = Chinese (积分, a bye adds nothing to 对手分)
tradition-european = European (EGF/OpenGotha: virtual opponents for byes)
tie-breaks = Order of criteria
tie-breaks-hint = Separated by commas, from: points (积分), mms (McMahon score), sos (对手分), sosos, sodos, cuss (累进分), direct (直胜), wins. Blank: the tradition's usual order.
event-over = All rounds of this event are made.
mms = MMS
sosos = SOSOS
sodos = SODOS
cumulative = CUSS (累进分)
direct-encounter = Direct encounter
wins = Wins
standings-european-hint = European tables count a win as 1 point: MMS, SOS, SOSOS and CUSS are in points, SODOS in points with quarters.
handicap-n = { $n } stones
walkover = Walkover (through without a game)
why-link = Why these pairings? What each criterion cost on each board
why-title = Why paired
why-back = Back to the round
why-intro = The engine pairs the round by a maximum-weight matching over all pairs: it first avoids everything in the earlier columns, and only then improves the later ones. A dash means the criterion cost nothing on that board.
why-forbidden = Forbidden pair
why-forbidden-hint = Pairs the director forbade (family members)
why-rematch = Rematch / second bye
why-same-team = Team-mates
why-colour-clash = Colour clash
why-score-gap = Score gap (points)
why-float-repeat = Repeated float
why-float-position = Float position
why-placement = Placement
why-colour = Colour balance
why-geography = Same club/country
why-fixed = A table or bracket fixes this board; no search was made.
why-tiers = Columns up to "Repeated float"
why-tiers-hint = Strict tiers: any amount of a column outweighs everything to its right.
why-quality = The last four columns
why-quality-hint = Added up, each on a scale of 0 to 1 (float position 0 to 2): the engine keeps the sum as small as it can.
fixed-pairing-hint = The table or bracket of this system fixes who plays whom: publish the round as drafted, or discard it.
ruling-both-lose = Both lost (双方均负): ruling
ruling-replay = Replay the game, colours swapped
ruling-advance = { $name } goes through
ruling-submit = Rule
ruling-awaited = Both lost: the director must rule.
placings = Final places
bracket = Bracket
bracket-empty = The bracket is made when round 1 is drafted.
bracket-main = Round
bracket-third-place = Third place
bracket-winners = Winners' bracket
bracket-losers = Losers' bracket
bracket-grand-final = Grand final
bracket-group = Loss group
error-system-fixed = The pairing system and its seating, cycles, lives or number of games cannot change once round 1 is made.
error-knockout-stage-fixed = The knockout stage has started: its size and the rounds before it cannot change
error-event-over = All rounds of this event are made: there is no next round.
error-best-of-two = A best-of match is between two players; { $n } are registered and not withdrawn.
error-fixed-pairing = This system's table or bracket fixes the pairing: it cannot be edited by hand.
error-knockout-later-rounds = A later round is already made: in a knockout only the latest round's results can change.
error-knockout-conflict = The bracket cannot take this change: { $detail }
error-ruling-not-needed = This board does not await a ruling.
error-choose-ruling = Choose a ruling.
export-opengotha = Download for OpenGotha (tournament file)
export-egf = Download the EGF results table
error-egf-knockout = The EGF results table lists a ranked field; a knockout has a bracket instead.

# Team events (分台定人制)
team = Team event (团体赛)
teams = Teams
team-board = Board
team-boards = Boards per match
team-boards-n = { $n } boards per match
team-pairing = Teams meet by
team-tie-breaks = Team tie-breaks after match points
team-settings-hint = Players join a team by its name on the players page; their board number fixes the team's order (台次), blank boards come after, by strength. A match win scores 2 match points (场分), a draw 1; game points (局分) are 2 per board won, 1 per draw. Tie-breaks: game-points (局分), sos (team 对手分), key-board (主将, board 1).
teams-hint = Each team plays its first players in board order. To bring in a reserve, tick who plays the next round: the players keep the registered order. Line-ups lock when the round is drafted.
teams-none = No teams yet: give players a team name on the players page.
teams-without = Registered without a team (they do not play):
team-short = fewer players than the { $n } boards
team-order = Order
reserve = reserve
board-n = board { $n }
lineup-round = Round { $n }
lineup-save = Save the line-up for round { $n }
lineups-locked = Round { $n } is drafted: its line-ups are locked. Discard the draft to change them.
flash-lineup-saved = Line-up saved.
error-lineup = Team { $team } must field exactly { $n } of its players: { $detail }
error-lineup-locked = Round { $n } is drafted already: discard the draft to change its line-ups.
error-not-team-event = This event is not a team event.
team-table = Team standings
match-points = Match points (场分)
game-points = Game points (局分)
team-sos = Team SOS (对手分)
key-board = Key board (主将)
team-match = { $a } { $sa } : { $sb } { $b }
team-bye = { $team }: bye
wins-draws-losses = W–D–L
team-name = Team
relay = Relay challenge (擂台赛)
relay-order = Players come to the board
relay-order-fixed = in the registered order, fixed
relay-order-nominated = named by the team before each game
relay-draw = A drawn game
relay-draw-replay = is played again
relay-draw-both-out = puts both players out
relay-settings-hint = Two or three teams, one game at a time: the loser is out, the winner stays on (擂主, White) against the other team's next player (Black). With three teams the team that sat out challenges next. The match ends when one team has players left. A team's order is its players' board numbers, then strength; each game is one round.
relay-hint-fixed = Each team plays in its registered order. Draft the next round for each game.
relay-hint-nominated = Before each game a team that needs a new player names one here; then draft the next round.
relay-hint-not-started = The order is fixed when game 1 is drafted; until then it follows the registrations.
relay-winner = { $team } wins the relay.
relay-next-game = Next game: { $black } (Black)
relay-next-white = { $white } (White)
relay-remaining = { $n } left
relay-streak = Wins in a row
relay-out = out
relay-at-board = plays next
relay-chain = The chain of games
relay-chain-empty = No game played yet.
relay-game-n = Game { $n }
relay-replayed = played again
relay-put-out = out: { $names }
relay-nominate = { $team } names its next player
relay-nominate-for = Name for game { $n }
flash-nomination-saved = Player named.
error-not-relay-event = This event is not a relay challenge.
error-relay-teams = A relay is played by two or three teams; { $n } are registered. Give players a team name on the players page.
error-relay-awaiting = The next game needs a player named by { $teams } on the relay page.
error-relay-not-due = { $team } does not need to name a player now.
error-relay-player-out = That player is out already: name one who is still in.
error-relay-foreign = That player is not in { $team }.
error-relay-choose-player = Choose a player.
forbidden-pairs = Pairs kept apart
forbidden-pairs-hint = The engine never pairs these players with each other while any other pairing exists (family members, for example).
forbidden-pairs-none = No pairs kept apart.
forbidden-pair-add = Keep apart
forbidden-pair-remove = Let them meet
error-forbidden-pair-system = Pairs are kept apart only in Swiss and McMahon events, where the engine chooses the pairings.
error-forbidden-pair-same = Choose two different players.
error-forbidden-pair-choose = Choose two players.
groups = Groups (分组循环; 1 for one table)
groups-n = { $n } groups
group-n = Group { $n }
export-pairing-file = Download the pairing file (JSON, for yunzi pair)
error-pairing-file-system = The pairing file is for Swiss and McMahon events, which the engine pairs round by round.
import-opengotha-title = Bring an event over from OpenGotha
import-opengotha-hint = Upload an OpenGotha tournament file (.xml): Yunzi creates the event with its players, and every round in the file published with its games, results and byes, so you carry on from the next round. McMahon when the file ranks by MMS, Swiss otherwise. A player absent from the next round is withdrawn. OpenGotha's split-and-slip becomes split-and-fold.
import-opengotha-file = OpenGotha file
import-opengotha-submit = Import the event
flash-opengotha-imported = Imported from OpenGotha: { $players } players, { $rounds } rounds, { $games } games.
error-opengotha-file = The OpenGotha file cannot be imported: { $reason }
error-opengotha-no-file = Choose an OpenGotha tournament file (.xml) to import.
error-opengotha-not-utf8 = The file is not UTF-8 text: OpenGotha saves its files as UTF-8 XML; choose the tournament file itself.
team-all-play-all = All-play-all (every player meets every player of the other team)
error-all-play-all-teams = An all-play-all is between two teams; { $n } are registered. Give every player one of two team names.
error-lineup-all-play-all = In an all-play-all the line-ups of round 1 play every round.
aga-id = AGA number
aga-results = AGA results file
aga-results-hint = The file the American Go Association rates an event from: every game won over the board in the published rounds (draws, void and both-lose games, forfeits and byes are left out), each player by AGA membership number. The AGA takes no temporary numbers, so every player of a rated game needs one.
aga-download = Download the AGA results file
aga-save = Save the AGA numbers
flash-aga-ids-saved = { $n } AGA numbers saved
error-aga-ids-missing = These players of rated games have no AGA membership number yet: { $names }
error-aga-id-shared = AGA number { $id } is given to more than one player: { $names }
live-waiting = Not started
live-playing = Playing
live-marking = Play has ended: mark the dead stones
live-disputed = Dead stones disputed: a referee decides
live-finished = Finished
live-to-move = to move
live-moves-n = { $n } moves
live-prisoners = Prisoners (Black / White)
live-count = Count with these marks
live-point = Point
live-play = Play
live-pass = Pass
live-resign = Resign
live-mark = Mark dead / alive
live-agree = I agree with the marks
live-dispute = I do not agree: call a referee
live-marking-hint = The engine has marked the stones it finds dead. Click a stone (or type its point) to change a chain; once both players agree, the game is counted.
live-download-sgf = Download the game record (SGF)
error-illegal-move = Illegal move: { $why }
error-live-not-your-turn = It is not your turn
error-hold-step = “{ $step }” is not a referee's step here: pause, adjourn or resume
error-live-result-entered = This board's result was entered by hand: the game is closed
error-live-point = "{ $point }" is not a point on this board: write a letter and a number, such as D4 (the far corner is { $corner })
call-seconds = { $n } seconds
call-minutes-left = { $n } minutes left
call-minute-used = One minute. { $n } minutes left
call-periods-left = { $n } periods left
live-speak = Speak the referee's calls
live-connection-lost = Connection lost: reconnecting…
live-numbers-on = Show move numbers
live-numbers-off = Hide move numbers
live-paused = Paused by a referee (Art. 14): the clocks stand still
live-adjourning = Adjournment: the player to move seals a move
live-adjourned = Adjourned: a sealed move waits until a referee resumes play
live-sealed-move = Sealed move
live-seal = Seal
live-pause = Pause
live-adjourn = Adjourn
live-resume = Resume play
error-live-not-started = The game starts at { $start } (UTC): moves wait until then; you may check in now
error-round-under-way = A game of this round is under way: its start cannot change
round-starts-at = Games start at
error-round-start = Give the start as a date and a time, such as 2026-12-05 09:30
live-not-arrived = not yet at the board
live-arrive = At the board
live-timeout-pass-ask = If my last minute runs out, count it as a pass (2002 Art. 22.5)
live-timeout-pass-asked = Asked: a timeout in your last minute counts as a pass (2002 Art. 22.5).
live-timeout-pass-withdraw = Withdraw
error-round-start-past = That start is more than an hour ago: check the date and the event's time zone
referee-desk = Referee desk
referee-tools = For the referees
disputes-none = No open disputes.
dispute-kind = Dispute
dispute-article = Article
dispute-move = Move
dispute-filed = Filed
dispute-claim = Claim
dispute-by-engine = by the engine
dispute-file = File a dispute for the referees
flash-dispute-filed = The dispute is filed: a referee will come to the board
dispute-dead-stones = Dead stones
dispute-cycle = Cycle (triple ko, eternal life …)
dispute-illegal-move = Illegal move
dispute-two-moves = Two moves in a row
dispute-moved-stones = Moved or scattered stones
dispute-counting-error = Counting error
dispute-clock-incident = Clock incident
dispute-conduct = Conduct
dispute-ruling = Ruling
dispute-rule = Rule
flash-dispute-ruled = The ruling is recorded
error-dispute-ruled = This dispute has been ruled on already
error-ruling-not-offered = "{ $ruling }" is not a ruling the desk offers for this dispute
desk-dismiss = Dismiss the claim (play or the result stands; a held move is dropped)
desk-draw = Draw
desk-no-result = No result
desk-replay = Replay the game from the empty board
desk-resolve-by-play = Resolve by play, first to move
desk-void-move-lose-turn = The move is void and the offender loses a turn
desk-void-move-warning = The move is void, with a warning
desk-loss-two-moves = Loss for two moves in a row
desk-restore-position = Restore the position from the record
desk-position-stands = The position stands
desk-both-lose = Both lose
desk-recount = Recount: the players mark and agree again
desk-warning = Warning
desk-adjust-clock = Give time back on the clocks
desk-loss-on-time = Loss on time
desk-uphold = The ruling stands
ruling-black-minutes = Minutes for Black
ruling-white-minutes = Minutes for White
error-ruling-minutes = "{ $minutes }" is not a number of minutes from 0 to 600
error-ruling-no-time = Give at least one minute back to one of the players
error-ruling-result-entered = This board's result was entered by hand: correct it on the round page
dispute = Dispute
dispute-analysis = The position at that move, with the engine's analysis
dispute-proposed-dead = Stones the engine proposes dead
basis-label-proven = proven
basis-label-estimated = estimated
basis-proven = inside a region that { $opponent }'s unconditionally alive stones enclose (Benson's proof), with no room for two eyes
basis-estimated = captured in { $captured }% of { $playouts } playouts; its points { $opponent }'s in { $owned }% of them
basis-eyeless = no eye space in the area { $opponent } encloses; its points { $opponent }'s in { $owned }% of { $playouts } playouts
basis-read = read: shut in by { $opponent }, it is captured even with { $own } to play first; the best defence and the answer: { $line }
basis-reading-alive = reading the local fight finds it alive: check it
basis-reading-unsettled = reading the local fight finds it unsettled (whoever plays first wins it): check it
dispute-reading-figure = The line read, its moves numbered
list-separator = {", "}
appeal = Appeal
appeals = Appeals awaiting the chief referee
appeal-claim = Why the ruling is wrong
appeal-make = Appeal to the chief referee (once)
appeal-decision = The chief referee's decision
appeal-upheld = The ruling stands
appeal-overturned = Overturned
appeal-hear = Decide the appeal
flash-appeal-made = The appeal is made: the ruling stands until the chief referee decides
flash-appeal-heard = The decision on the appeal is recorded
error-appeal-not-ruled = A dispute can be appealed once it has been ruled on
error-appeal-once = This ruling has been appealed already: an appeal is made once
error-appeal-nothing-to-hear = There is no appeal to hear on this dispute
error-appeal-play-went-on = Play has gone on since the ruling: it can only be upheld now
notifications = Notices
notifications-none = No notices.
notifications-mark-read = Mark all read
notice-filed = { $event }, round { $round }, board { $board }: a dispute is filed ({ $kind })
notice-ruled = { $event }, round { $round }, board { $board }: the referee ruled on the dispute ({ $kind }): { $ruling }
notice-appealed = { $event }, round { $round }, board { $board }: the ruling on the dispute ({ $kind }) is appealed
notice-appeal-heard = { $event }, round { $round }, board { $board }: the chief referee decided the appeal ({ $kind }): { $ruling }
timeline = Timeline
step-dispute-filed = Dispute filed
step-dispute-ruled = Ruling
step-dispute-appealed = Appeal
step-dispute-appeal-heard = Appeal decided
step-result-recorded = Result
step-result-corrected = Result changed
step-live-paused = Paused by the referee
step-live-resumed = Play resumed
step-live-adjourned = Adjourned
step-live-move-sealed = Move sealed
live-held = A move entered is held for the referee: play waits for the ruling
live-entered-for = For
live-side-to-move = the side to move
account-title = Your account
account-sessions = Where you are signed in
account-sessions-hint = Each browser you logged in with. End any you do not recognise; a session also ends after { $idle } days unused and { $absolute } days after login.
account-sessions-hint-hours = Each browser you logged in with. End any you do not recognise; a session also ends after { $idle } hours unused and { $absolute } hours after login.
account-session-started = Logged in
account-session-last-seen = Last used
account-session-address = Address
account-session-browser = Browser
account-session-this = this browser
account-session-end = End
account-sessions-end-others = End all other sessions
account-sessions-end-all = Log out everywhere
account-password = Change your password
account-current-password = Current password
account-password-hint = Changing the password ends every other session of your account.
account-password-submit = Change password
error-current-password = The current password is wrong.
flash-password-changed = { $count ->
    [one] Your password has been changed and { $count } other session ended.
   *[other] Your password has been changed and { $count } other sessions ended.
}
flash-session-ended = The session has ended.
flash-sessions-ended = { $count ->
    [one] { $count } session ended.
   *[other] { $count } sessions ended.
}
admin-users = Accounts
admin-user-name = Name
admin-user-email = E-mail
admin-user-sessions = Sessions
admin-user-unconfirmed = not confirmed
admin-end-sessions = End all sessions
audit-chain-intact = The log is intact: every row is chained to the one before it ({ $rows } rows). Chain head:
audit-chain-changed = The log has been tampered with: row { $row } was changed (its content no longer matches its hash).
audit-chain-unlinked = The log has been tampered with: row { $row } does not follow the row before it (a row before it was removed, inserted or replaced).
error-conflict = Someone else changed this at the same moment. Reload the page to see what changed, then try again.
error-move-stale = That move was meant for move { $meant }, but { $played } moves have been played meanwhile: look at the board again.
error-result-stale = The result of this board changed to { $now } while you were looking at { $shown }: look at it again before correcting it.
error-result-unchanged = The result is { $now } already: nothing to correct.
