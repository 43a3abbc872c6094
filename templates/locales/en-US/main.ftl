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
event-komi = Komi (目 or 子)
event-time-control = Time control
event-time-control-example = e.g. 60 min, byo-yomi 3 × 30 s
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
import-hint = The first line names the columns: name and rank are required; rating, club, country and email are optional (Chinese headers such as 姓名, 段位 work too). Every line must be correct, or nothing is imported.
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
standings-legend = Points: win 2, draw 1, loss 0; a bye counts as a win. SOS (对手分) is the sum of the opponents' points. In a round cell, "3b+" means: against the player in place 3, with Black, won.

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
error-swap-same = Choose two different players.
error-swap-not-in-round = Both players must be in this round.
