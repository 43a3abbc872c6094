# 云子 — 中文消息。此处的每个键也必须存在于 en-US/main.ftl 中（有测试检查）。
app-name = 云子
app-tagline = 围棋比赛管理，从报名到成绩排名
home-title = 首页
home-intro = 棋手报名，按 1988 年《中国围棋竞赛规则》编排轮次，录入成绩，发布成绩排名——支持中文和 English。
footer = 云子（Yunzi）· 积分：胜 2 分，和 1 分，负 0 分（1988 年《中国围棋竞赛规则》第28条）
nav-main = 主导航
nav-events = 比赛
nav-login = 登录
nav-logout = 退出登录
nav-signup = 注册
site-admin = 网站管理员
go-back = 返回
go-home = 返回首页
save = 保存
remove = 移除

# 账户
email = 电子邮箱
display-name = 您的姓名
password = 密码
password-again = 再次输入密码
new-password = 新密码
password-hint = 至少 { $min } 个字符。
signup-title = 注册账户
signup-submit = 注册
signup-have-account = 已有账户？
check-mail-title = 请查收电子邮件
check-mail-body = 我们已向 { $email } 发送确认链接，请打开该链接以激活您的账户。
check-mail-outbox = 本服务器未配置邮件服务器，邮件保存在文件夹 { $dir } 中。
confirm-title = 确认您的电子邮箱
confirm-submit = 确认我的邮箱
login-title = 登录
login-submit = 登录
forgot-link = 忘记密码？
forgot-title = 重置密码
forgot-submit = 发送重置链接
forgot-sent = 如果该邮箱已注册账户，我们已向其发送重置密码的链接。链接在一小时内有效。
reset-title = 设置新密码
reset-submit = 确定新密码
resend-title = 没有收到确认邮件？
resend-submit = 重新发送
flash-confirmed = 您的邮箱 { $email } 已确认，现在可以登录了。
flash-confirmation-resent = 如果该邮箱有尚未确认的账户，新的确认链接已经发出。
flash-password-reset = 您的密码已更改，请使用新密码登录。
mail-confirm-subject = 请确认您的云子账户
mail-confirm-body =
    { $name }，您好：

    请打开以下链接，确认您在云子注册时填写的电子邮箱：

    { $link }

    如果您并未注册，请忽略此邮件。
mail-exists-subject = 有人尝试用您的邮箱注册云子
mail-exists-body =
    { $name }，您好：

    有人（也许是您本人）尝试用此邮箱注册云子账户，但该邮箱已有账户。

    登录：{ $login }
    忘记密码？{ $forgot }

    如果不是您本人操作，请忽略本邮件，您的账户没有任何变化。
mail-reset-subject = 重置您的云子密码
mail-reset-body =
    { $name }，您好：

    有人（希望是您本人）申请重置您的云子密码。请在一小时内打开以下链接设置新密码：

    { $link }

    如果不是您本人操作，请忽略此邮件，您的密码将保持不变。

# 比赛
events = 比赛
events-none = 暂无比赛。
event-create = 创建比赛
event-edit = 编辑比赛
event-name = 比赛名称
event-venue = 比赛地点
event-dates = 比赛日期
event-start = 开始日期
event-end = 结束日期
event-time-zone = 时区
event-rounds = 比赛轮数
event-system = 编排制度
event-ruleset = 竞赛规则
event-komi = 贴目（目或子）
event-board-size = 棋盘（路）
event-late-limit = 迟到时限（分钟；0 为不限）
event-late-limit-help = 第 23 条：轮次规定开始后超过此时限仍未到场者判负（双方均未到场则双方均负）。仅在棋手或记录员通过云子签到时设置。
event-time-control = 用时规定
event-time-control-example = 例如：包干 60分 · 读秒 60分 保留 5 · 60分 + 3次30秒 · 定时限步 60分 + 15/10分 · 加秒 30分 + 20秒
event-sections = 比赛页面导航
event-overview = 概况
swiss = 积分编排制（Swiss）
rounds-count = { $n } 轮
registration = 报名
registration-open = 开放中
registration-closed = 已截止
registration-close = 截止报名
registration-reopen = 重新开放报名
director-tools = 竞赛主任工具
audit-log = 操作记录
audit-when = 时间
audit-who = 操作人
audit-what = 操作
audit-detail = 详情
staff = 竞赛主任与裁判员
staff-email = 账户邮箱
staff-role = 职务
staff-add = 添加
director = 竞赛主任
referee = 裁判员
flash-event-created = 比赛已创建，下一步请添加棋手。
flash-event-saved = 比赛已保存。
flash-staff-added = 工作人员已添加。

# 棋手
players = 棋手
players-none = 暂无棋手。
player-name = 姓名
rank = 段位
rating = 等级分
club = 俱乐部/单位
country = 国家/地区
player-add = 添加棋手
withdraw = 退出比赛
reinstate = 恢复参赛
withdrawn = 已退出比赛
import-title = 从 CSV 导入棋手
import-hint = 第一行为列名：name（姓名）和 rank（段位）为必填列；rating（等级分）、club（单位）、country（国家/地区）、email（邮箱）、team（队名）和 board（台次，1 为第一台）为选填列，也可以使用“姓名”“段位”等中文列名。所有行都必须正确，否则不会导入任何数据。
import-file = CSV 文件
import-paste = 或在此粘贴 CSV 内容
import-submit = 导入
import-rejected = 未导入任何数据。请修改以下各行后重试：
line-n = 第{ $n }行
register-title = 报名参加本次比赛
register-submit = 报名
registered-as = 您已以“{ $name }”的名义报名。
withdraw-self = 退出本次比赛
flash-player-added = 已添加{ $name }。
flash-imported = 已导入 { $count } 名棋手。
flash-registered = 报名成功。
flash-withdrawn = 您已退出本次比赛。

# 轮次与成绩
rounds = 轮次
rounds-none = 尚未编排任何轮次。
round-n = 第{ $n }轮
round-short = R{ $n }
draft = 草稿
draft-warnings = 发布前请检查：
round-generate = 编排下一轮
round-publish = 发布本轮
round-discard = 作废草稿
board = 台次
black = 黑方
white = 白方
bye = 轮空
result = 成绩
margin = 胜出目数/子数
reason = 更正理由
result-correct = 更正成绩
result-legend = 成绩记法：B+R 表示黑中盘胜，W+3.5 表示白胜 3.5 目，“黑胜¾子”表示黑胜四分之三子。
outcome-black = 黑胜
outcome-white = 白胜
outcome-draw = 和棋
outcome-black-forfeit = 黑胜（白方弃权）
outcome-white-forfeit = 白胜（黑方弃权）
outcome-no-result = 无胜负
outcome-both-lose = 双方均负
swap-title = 调整草稿
swap-a = 将
swap-b = 与
swap-submit = 交换位置
swap-colours = 交换黑白
flash-round-drafted = 第{ $n }轮已编排为草稿，请检查后发布。
flash-round-discarded = 第{ $n }轮的草稿已作废。
flash-round-published = 第{ $n }轮已发布，已通知留有电子邮箱的对阵棋手。
flash-mail-failed = 有 { $count } 封邮件未能发送，请查看服务器日志。
flash-result-corrected = 第{ $n }台的成绩已更正。
warning-rematch = 第{ $board }台：{ $a }与{ $b }此前已经对局过。
warning-colour = 第{ $board }台：{ $name }为{ $colour }的盘数将比另一色多 { $n } 盘。
warning-second-bye = { $name }将第二次轮空。
mail-pairing-subject = { $event }：第{ $round }轮
mail-pairing-body =
    { $name }，您好：

    { $event }第{ $round }轮：您在第{ $board }台为{ $colour }，对手是{ $opponent }（{ $rank }）。

    对阵表：{ $link }
mail-bye-body =
    { $name }，您好：

    { $event }第{ $round }轮：您本轮轮空（按胜一局计）。

    对阵表：{ $link }

# 成绩排名
standings = 成绩排名
place = 名次
points = 积分
sos = 对手分
wdl = 胜/和/负
standings-legend = 积分：胜一局得 2 分，和一局得 1 分，负一局得 0 分；轮空按胜一局计。对手分（SOS）为所有对手积分之和。轮次栏中，“3b+”表示：对名次第3的棋手，执黑，胜。其中 b 表示执黑，w 表示执白；+ 表示胜，- 表示负，= 表示和。

# 错误信息
error-not-found = 您访问的页面不存在。
error-forbidden = 您没有执行此操作所需的职务权限。
error-internal = 服务器出现错误，已记录在案，请稍后重试。
error-bad-request = 无法识别该请求。
error-csrf = 表单已过期或来自其他网站。请返回，刷新页面后重试。
error-login-required = 请先登录。
error-too-many-attempts = 尝试次数过多，请 { $minutes } 分钟后再试。
error-password-length = 密码长度须在 { $min } 到 { $max } 个字符之间。
error-passwords-differ = 两次输入的密码不一致。
error-link-invalid = 此链接无效，请检查是否完整复制了链接。
error-link-expired = 此链接已过期或已被使用，请重新申请。
error-confirm-first = 请先确认您的电子邮箱：打开我们发给您的链接（也可以在下方重新发送）。
error-login-failed = 邮箱或密码错误。
error-no-such-account = { $email } 尚无账户，请对方先注册。
error-already-staff = { $name }已担任该职务。
error-last-director = 不能移除最后一位竞赛主任。
error-bad-role = 请选择竞赛主任或裁判员。
error-rounds-below-played = 已有 { $n } 轮，比赛轮数不能少于此数。
error-duplicate-name = 已有名为“{ $name }”的棋手报名。
error-duplicate-email = { $email } 已用于报名（棋手：{ $name }）。
error-registration-closed = 本次比赛报名已截止。
error-already-registered = 您已报名参加本次比赛。
error-not-registered = 您尚未报名参加本次比赛。
error-csv-header = 第一行必须为列名，至少包含“name”和“rank”（或“姓名”和“段位”）。
error-csv-empty = 文件中没有棋手。
error-csv-too-many = 行数过多：每个文件最多 { $max } 名棋手。
error-csv-not-utf8 = 文件不是 UTF-8 文本。请另存为“CSV UTF-8”格式后重试。
error-draft-exists = 第{ $n }轮仍是草稿，请先发布或作废。
error-all-rounds-paired = 全部 { $n } 轮均已编排。
error-results-missing = 第{ $n }轮还有台次未录入成绩：{ $boards }。
error-round-published = 第{ $n }轮已发布，编排不能再更改。
error-round-not-published = 第{ $n }轮尚未发布。
error-no-such-round = 第{ $n }轮不存在。
error-no-such-board = 第{ $n }轮没有第{ $board }台。
error-result-exists = 第{ $board }台已有成绩（{ $result }）。如需修改，请使用“更正成绩”。
error-result-changed = 第{ $board }台的成绩刚被他人修改，请刷新页面后核对。
error-reason-required = 请填写更正理由。
error-choose-outcome = 请选择对局结果。
error-swap-same = 请选择两名不同的棋手。
error-swap-not-in-round = 两名棋手都必须在本轮中。

# 编排制度
mcmahon = 麦克马洪制（McMahon）
round-robin = 循环制
knockout = 淘汰制
best-of = 多局决胜制
system-settings = 制度设置
system-settings-hint = 只使用所选制度的设置；留空的项取通常值。
mcmahon-bar = 麦克马洪上限
mcmahon-floor = 麦克马洪下限
placement = 同分组内的配对方式
split-and-fold = 对折（1–8、2–7……）
split-and-random = 上下半区随机
adjacent = 相邻（1–2、3–4……）
avoid-same-club = 尽量避免同一俱乐部相遇
same-team-rounds = 同队棋手不相遇的轮次：第1轮至第
knockout-after = 随后前几名进入淘汰赛（0：无）
knockout-after-help = 积分编排淘汰制：最后一轮后，名次表前几名进行单败淘汰（四人及以上另有三、四名决赛）；分组循环则为每组前几名
knockout-stage-n = 随后前 { $n } 名淘汰赛
knockout-stage-groups-n = 随后每组前 { $n } 名淘汰赛
knockout-stage-hint = 积分编排、麦克马洪：名次表前几名。团体积分编排：前几队；局分相同时以主将（第一台）胜负决定，再相同则种子靠前者胜出。分组循环：每组前几名；先排各组第一名，再排各组第二名，淘汰赛首轮各组交叉。
knockout-stage-teams-n = 随后前 { $n } 队淘汰赛
knockout-stage = 淘汰赛阶段
standings-before-knockout = 淘汰赛前的名次
handicap-games = 让子棋
handicap-reduction = 让子：段级差减去
handicap-max = 最多让子数
seating = 座位与种子
strength = 按实力（段位、等级分）
lot = 抽签
cycles = 循环数（1 单循环，2 双循环）
cycles-single = 单循环
cycles-double = 双循环（交换先后手）
lives = 负几场出局（1 单败，2 双败淘汰）
lives-n = 负 { $n } 场出局
third-place-game = 三、四名决赛
best-of-games = 局数（N 局决胜）
best-of-title = { $n } 局决胜
best-of-winner = { $name } 赢得本场比赛。
best-of-undecided = 胜负尚未决定。
tradition = 排名传统
tradition-chinese = 中国（积分；轮空不计对手分）
tradition-european = 欧洲（EGF/OpenGotha：轮空按虚拟对手计）
tie-breaks = 排名依据顺序
tie-breaks-hint = 以逗号分隔，可选：points（积分）、mms（麦克马洪分）、sos（对手分）、sosos、sodos、cuss（累进分）、direct（直胜）、wins（胜局数）。留空：按所选传统的通常顺序。
event-over = 本比赛的所有轮次均已编排。
mms = 麦克马洪分
sosos = 对手的对手分
sodos = 胜局对手分
cumulative = 累进分
direct-encounter = 直胜
wins = 胜局数
standings-european-hint = 欧洲排名表胜一局计1分：麦克马洪分、对手分等以分计，SODOS 可有四分之一。
handicap-n = 让 { $n } 子
walkover = 轮空晋级（不赛）
why-link = 为何这样编排？每台各项准则的代价
why-title = 编排说明
why-back = 返回本轮
why-intro = 系统对所有可能的配对求最大权匹配：先尽量避免左边各列，再改善右边各列。“–”表示该项在这一台没有代价。
why-forbidden = 禁止配对
why-forbidden-hint = 裁判长禁止的配对（如亲属）
why-rematch = 重复对局/再次轮空
why-same-team = 同队
why-colour-clash = 执色冲突
why-score-gap = 分差（分）
why-float-repeat = 重复升降
why-float-position = 升降位置
why-placement = 组内配对
why-colour = 先后手平衡
why-geography = 同俱乐部/国家
why-fixed = 本台由对阵表或淘汰表决定，未经搜索。
why-tiers = “重复升降”及其左边各列
why-tiers-hint = 严格优先：任一列的任何代价都重于其右边各列的全部代价。
why-quality = 最后四列
why-quality-hint = 各项取值 0 到 1（升降位置 0 到 2）相加，系统使总和尽量小。
fixed-pairing-hint = 本制度的对阵表或淘汰表决定谁与谁对局：请照原样公布本轮，或放弃重排。
ruling-both-lose = 双方均负：裁决
ruling-replay = 重赛，交换先后手
ruling-advance = { $name } 晋级
ruling-submit = 裁决
ruling-awaited = 双方均负：待裁判长裁决。
placings = 最终名次
bracket = 淘汰表
bracket-empty = 编排第一轮时生成淘汰表。
bracket-main = 轮次
bracket-third-place = 三、四名决赛
bracket-winners = 胜者组
bracket-losers = 败者组
bracket-grand-final = 总决赛
bracket-group = 负场组
error-system-fixed = 第一轮编排后，编排制度及其座位、循环数、出局负场数或局数不能再改。
error-knockout-stage-fixed = 淘汰赛阶段已开始：其人数及之前的轮数不能再改
error-event-over = 本比赛的所有轮次均已编排，没有下一轮。
error-best-of-two = 多局决胜是两名棋手之间的比赛；现有 { $n } 名已报名且未退赛的棋手。
error-fixed-pairing = 本制度的对阵表或淘汰表决定配对，不能手动修改。
error-knockout-later-rounds = 后一轮已经编排：淘汰赛只能修改最新一轮的结果。
error-knockout-conflict = 淘汰表无法接受此修改：{ $detail }
error-ruling-not-needed = 本台无需裁决。
error-choose-ruling = 请选择裁决。
export-opengotha = 下载 OpenGotha 比赛文件
export-egf = 下载 EGF 成绩表
error-egf-knockout = EGF 成绩表列出排名；淘汰赛只有淘汰表。

# 团体赛（分台定人制）
team = 团体赛
teams = 参赛队
team-board = 台次
team-boards = 每场台数
team-boards-n = 每场 { $n } 台
team-pairing = 队间编排方式
team-tie-breaks = 场分之后的队伍排名依据
team-settings-hint = 在棋手页面填写队名即加入该队；台次号决定本队台次，未填台次者按棋力排在其后。每场胜者得场分 2，和得 1；每台胜得局分 2，和得 1。排名依据：game-points（局分）、sos（队伍对手分）、key-board（主将台成绩）。
teams-hint = 各队默认按台次由前几名队员出场。如需替补上场，请勾选下一轮出场的队员：出场队员仍按报名台次排列。该轮编排生成后，出场名单即锁定。
teams-none = 还没有参赛队：请在棋手页面为棋手填写队名。
teams-without = 已报名但未填写队名（不会出场）：
team-short = 队员少于 { $n } 台
team-order = 台次
reserve = 替补
board-n = 第 { $n } 台
lineup-round = 第 { $n } 轮
lineup-save = 保存第 { $n } 轮出场名单
lineups-locked = 第 { $n } 轮编排已生成，出场名单已锁定。如需更改，请先撤销草稿。
flash-lineup-saved = 出场名单已保存。
error-lineup = { $team } 队必须恰好派出 { $n } 名本队队员：{ $detail }
error-lineup-locked = 第 { $n } 轮编排已生成：请先撤销草稿再更改出场名单。
error-not-team-event = 本比赛不是团体赛。
team-table = 团体名次
match-points = 场分
game-points = 局分
team-sos = 对手分
key-board = 主将台
team-match = { $a } { $sa } : { $sb } { $b }
team-bye = { $team }：轮空
wins-draws-losses = 胜–和–负
team-name = 队名
relay = 擂台赛
relay-order = 出场顺序
relay-order-fixed = 按报名台次，赛前固定
relay-order-nominated = 每局前由本队指定
relay-draw = 和棋
relay-draw-replay = 重赛
relay-draw-both-out = 双方均出局
relay-settings-hint = 两队或三队，每次一局：负者出局，胜者守擂（擂主执白），迎战对方下一名棋手（执黑）。三队时由轮空的一队攻擂。只剩一队有棋手时比赛结束。各队出场顺序按台次号，其次按棋力；每局为一轮。
relay-hint-fixed = 各队按报名台次出场。每局请生成下一轮编排。
relay-hint-nominated = 每局之前，需要换人的队伍在此指定出场棋手，然后生成下一轮编排。
relay-hint-not-started = 第一局编排生成时确定出场名单；此前按当前报名显示。
relay-winner = { $team } 获得擂台赛胜利。
relay-next-game = 下一局：{ $black }（执黑）
relay-next-white = { $white }（执白）
relay-remaining = 剩 { $n } 人
relay-streak = 连胜
relay-out = 已出局
relay-at-board = 下一局出场
relay-chain = 对局顺序
relay-chain-empty = 尚未开赛。
relay-game-n = 第 { $n } 局
relay-replayed = 重赛
relay-put-out = 出局：{ $names }
relay-nominate = { $team } 指定下一名出场棋手
relay-nominate-for = 指定第 { $n } 局棋手
flash-nomination-saved = 已指定出场棋手。
error-not-relay-event = 本比赛不是擂台赛。
error-relay-teams = 擂台赛须有两队或三队参加，现有 { $n } 队。请在棋手页面填写队名。
error-relay-awaiting = 下一局需要 { $teams } 先在擂台赛页面指定出场棋手。
error-relay-not-due = { $team } 现在不需要指定棋手。
error-relay-player-out = 该棋手已出局，请指定仍在场的棋手。
error-relay-foreign = 该棋手不属于 { $team }。
error-relay-choose-player = 请选择棋手。
forbidden-pairs = 回避对阵
forbidden-pairs-hint = 只要存在其他编排，系统就不会让这些棋手相遇（例如家属回避）。
forbidden-pairs-none = 没有回避的对阵。
forbidden-pair-add = 设为回避
forbidden-pair-remove = 取消回避
error-forbidden-pair-system = 只有积分编排和麦克马洪赛制由系统编排，才能设置回避。
error-forbidden-pair-same = 请选择两名不同的棋手。
error-forbidden-pair-choose = 请选择两名棋手。
groups = 分组数（分组循环；1 为单组）
groups-n = 分 { $n } 组
group-n = 第 { $n } 组
export-pairing-file = 下载编排文件（JSON，供 yunzi pair 使用）
error-pairing-file-system = 编排文件仅适用于由系统逐轮编排的积分编排和麦克马洪比赛。
import-opengotha-title = 从 OpenGotha 导入比赛
import-opengotha-hint = 上传 OpenGotha 比赛文件（.xml）：云子将建立比赛及其棋手，并发布文件中的每一轮（对局、结果与轮空），您可从下一轮继续编排。文件按 MMS 排名时为麦克马洪制，否则为积分编排。下一轮缺席的棋手记为退赛。OpenGotha 的“分半滑动”改为“分半折叠”。
import-opengotha-file = OpenGotha 文件
import-opengotha-submit = 导入比赛
flash-opengotha-imported = 已从 OpenGotha 导入：{ $players } 名棋手，{ $rounds } 轮，{ $games } 局。
error-opengotha-file = 无法导入该 OpenGotha 文件：{ $reason }
error-opengotha-no-file = 请选择要导入的 OpenGotha 比赛文件（.xml）。
error-opengotha-not-utf8 = 文件不是 UTF-8 文本：OpenGotha 以 UTF-8 XML 保存比赛文件，请选择比赛文件本身。
team-all-play-all = 全队循环制（每名棋手与对方每名棋手各对局一次）
error-all-play-all-teams = 全队循环制在两队之间进行；现有 { $n } 队。请为每名棋手填写两个队名之一。
error-lineup-all-play-all = 全队循环制中，第 1 轮的出场名单参加每一轮。
aga-id = AGA 会员号
aga-results = AGA 成绩文件
aga-results-hint = 美国围棋协会据此计算等级分：已公布轮次中分出胜负的对局（和棋、无胜负、双方均负、不战胜及轮空不计），棋手以 AGA 会员号标识。AGA 不接受临时号码，每位参加计分对局的棋手都需要会员号。
aga-download = 下载 AGA 成绩文件
aga-save = 保存 AGA 会员号
flash-aga-ids-saved = 已保存 { $n } 个 AGA 会员号
error-aga-ids-missing = 以下参加计分对局的棋手尚无 AGA 会员号：{ $names }
error-aga-id-shared = AGA 会员号 { $id } 分给了多名棋手：{ $names }
live-waiting = 尚未开始
live-playing = 对局中
live-marking = 对局结束：请标记死子
live-disputed = 死活有争议：由裁判员裁决
live-finished = 已结束
live-to-move = 行棋
live-moves-n = 共 { $n } 手
live-prisoners = 提子（黑 / 白）
live-count = 按此标记的计算结果
live-point = 落点
live-play = 落子
live-pass = 停一手
live-resign = 认输
live-mark = 标记死子 / 活子
live-agree = 同意标记
live-dispute = 不同意：请裁判员
live-marking-hint = 引擎已标出它判为死的棋子。点击棋子（或输入坐标）可改变整块棋的死活；双方都同意后即计算胜负。
live-download-sgf = 下载棋谱（SGF）
error-illegal-move = 着法不合规则：{ $why }
error-live-not-your-turn = 还没轮到你
error-live-result-entered = 本台结果已手工录入：对局已关闭
error-live-point = “{ $point }”不是本棋盘上的点：请写字母加数字，例如 D4（最远的角是 { $corner }）
call-seconds = { $n } 秒
call-minutes-left = 还剩 { $n } 分钟
call-minute-used = 1 分钟，还剩 { $n } 分钟
call-periods-left = 还剩 { $n } 次
live-speak = 读秒报时（语音）
live-connection-lost = 连接中断，正在重连…
live-numbers-on = 显示手数
live-numbers-off = 隐藏手数
live-paused = 裁判员暂停对局（第 14 条）：计时停止
live-adjourning = 封棋：轮到行棋的一方封一手
live-adjourned = 已封棋：封手待裁判员宣布续弈时公开
live-sealed-move = 封手
live-seal = 封棋
live-pause = 暂停
live-adjourn = 封棋
live-resume = 续弈
error-live-not-started = 对局于 { $start }（UTC）开始：届时方可落子；现在可以签到
error-round-under-way = 本轮已有对局开始：开始时间不能再改
round-starts-at = 对局开始时间
error-round-start = 请填写开始的日期和时间，例如 2026-12-05 09:30
live-not-arrived = 尚未到场
live-arrive = 已到场
live-timeout-pass-ask = 读秒最后一分钟超时按弃权一次处理（2002 第 22 条第 5 款）
live-timeout-pass-asked = 已申请：读秒最后一分钟超时视为弃权一次（2002 第 22 条第 5 款）。
live-timeout-pass-withdraw = 撤回
error-round-start-past = 该开始时间已过去一小时以上：请检查日期和赛事时区
