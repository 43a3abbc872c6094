//! Events: list, create, show, edit, the registration switch and the club list (the staff and
//! their invitations are in `staff`, the audit log in `audit_log`).
use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use askama_web::WebTemplate;
use serde::Deserialize;

use crate::db::entities::{event, player, round};
use crate::domain::komi::Komi;
use crate::domain::rank::Rank;
use crate::domain::tournament::event::{
    DEFAULT_RULESET, EventInput, EventSettings, RULESETS, RelayOrder, Seating, Strength, System, SystemInput,
    SystemSettings, TeamPairing, Weights, team_tie_break_text, tie_break_text,
};
use crate::domain::tournament::pairing::Colours;
use crate::domain::tournament::pairing::mcmahon::Placement;
use crate::domain::tournament::pairing::relay::DrawPolicy;
use crate::domain::tournament::participation::AbsentScore;
use crate::domain::tournament::registration::amount_text;
use crate::domain::tournament::standings::Tradition;
use crate::error::{AppError, AppResult};
use crate::i18n::{Arg, Locale};
use crate::services::events::{self, StaffMember};
use crate::services::queries;
use crate::services::queries::EventRoles;
use crate::services::workflows::interop;
use crate::services::{participation, players, rounds};
use crate::state::AppState;
use crate::web::extractors::{LateForm, PageCtx, director_of};
use crate::web::handlers::{page, page_with_status, see_other};
use crate::web::multipart;
use crate::web::paths::EventPath;

/// The event's komi in its rule set's unit, with the other unit beside it: "3¾子 (7.5目)".
pub fn komi_text(locale: Locale, e: &event::Model) -> String {
    let in_stones = crate::domain::games::go::ruleset::Ruleset::preset(&e.ruleset).is_some_and(|r| r.count_in_stones);
    match Komi::from_half_points(e.komi_half_points) {
        Ok(k) => {
            use crate::web::view::komi_in;
            format!("{} ({})", komi_in(locale, k, in_stones), komi_in(locale, k, !in_stones))
        }
        Err(_) => e.komi_half_points.to_string(),
    }
}

#[derive(Template, WebTemplate)]
#[template(path = "events/list.html")]
pub struct EventListPage {
    ctx: PageCtx,
    events: Vec<event::Model>,
}

pub async fn list(state: web::Data<AppState>, ctx: PageCtx) -> AppResult<EventListPage> {
    Ok(EventListPage { ctx, events: events::list(&state.db).await? })
}

/// The event form's fields as typed, so a rejected form comes back as the user left it.
#[derive(Deserialize, Default, Clone)]
pub struct EventForm {
    #[serde(default)]
    name: String,
    #[serde(default)]
    venue: String,
    #[serde(default)]
    start_date: String,
    #[serde(default)]
    end_date: String,
    #[serde(default)]
    time_zone: String,
    #[serde(default)]
    rounds: String,
    #[serde(default)]
    system: String,
    #[serde(default)]
    ruleset: String,
    #[serde(default)]
    komi: String,
    #[serde(default)]
    board_size: String,
    #[serde(default)]
    late_limit_minutes: String,
    #[serde(default)]
    broadcast_delay_minutes: String,
    #[serde(default)]
    cycle_outcome: String,
    #[serde(default)]
    warning_penalty: String,
    #[serde(default)]
    time_control: String,
    /// A preset picked from the list (see `TimeControl::presets`): used when the time control
    /// is left blank (the page's script copies it into the field as it is picked).
    #[serde(default)]
    time_control_preset: String,
    #[serde(default)]
    mcmahon_bar: String,
    #[serde(default)]
    mcmahon_floor: String,
    #[serde(default)]
    placement: String,
    #[serde(default)]
    weights: String,
    /// Checkboxes: present when ticked.
    #[serde(default)]
    avoid_same_club: Option<String>,
    #[serde(default)]
    same_team_rounds: String,
    #[serde(default)]
    handicap: Option<String>,
    #[serde(default)]
    handicap_reduction: String,
    #[serde(default)]
    handicap_max: String,
    #[serde(default)]
    cycles: String,
    #[serde(default)]
    groups: String,
    #[serde(default)]
    seating: String,
    #[serde(default)]
    lives: String,
    #[serde(default)]
    third_place_game: Option<String>,
    #[serde(default)]
    best_of: String,
    #[serde(default)]
    tradition: String,
    #[serde(default)]
    tie_breaks: String,
    #[serde(default)]
    team_boards: String,
    #[serde(default)]
    team_pairing: String,
    #[serde(default)]
    team_tie_breaks: String,
    #[serde(default)]
    team_colours: String,
    #[serde(default)]
    relay_order: String,
    #[serde(default)]
    relay_draw: String,
    #[serde(default)]
    relay_colours: String,
    #[serde(default)]
    knockout_after: String,
    #[serde(default)]
    absent_score: String,
    #[serde(default)]
    strength: String,
}

impl EventForm {
    /// The settings, or every field's problem (field, message).
    fn parse(&self, locale: Locale) -> Result<EventSettings, Vec<(&'static str, String)>> {
        EventSettings::parse_all(&EventInput {
            name: &self.name,
            venue: &self.venue,
            start_date: &self.start_date,
            end_date: &self.end_date,
            time_zone: &self.time_zone,
            rounds: &self.rounds,
            system: &self.system,
            ruleset: &self.ruleset,
            komi: &self.komi,
            board_size: &self.board_size,
            late_limit_minutes: &self.late_limit_minutes,
            broadcast_delay_minutes: &self.broadcast_delay_minutes,
            cycle_outcome: &self.cycle_outcome,
            warning_penalty: &self.warning_penalty,
            time_control: if self.time_control.trim().is_empty() {
                &self.time_control_preset
            } else {
                &self.time_control
            },
            system_settings: SystemInput {
                mcmahon_bar: &self.mcmahon_bar,
                mcmahon_floor: &self.mcmahon_floor,
                placement: &self.placement,
                weights: &self.weights,
                avoid_same_club: self.avoid_same_club.is_some(),
                same_team_rounds: &self.same_team_rounds,
                handicap: self.handicap.is_some(),
                handicap_reduction: &self.handicap_reduction,
                handicap_max: &self.handicap_max,
                cycles: &self.cycles,
                groups: &self.groups,
                seating: &self.seating,
                lives: &self.lives,
                third_place_game: self.third_place_game.is_some(),
                best_of: &self.best_of,
                tradition: &self.tradition,
                tie_breaks: &self.tie_breaks,
                team_boards: &self.team_boards,
                team_pairing: &self.team_pairing,
                team_tie_breaks: &self.team_tie_breaks,
                team_colours: &self.team_colours,
                relay_order: &self.relay_order,
                relay_draw: &self.relay_draw,
                relay_colours: &self.relay_colours,
                knockout_after: &self.knockout_after,
                absent_score: &self.absent_score,
                strength: &self.strength,
            },
        })
        .map_err(|errors| errors.into_iter().map(|(field, e)| (field, locale.message(&e.0))).collect())
    }

    /// The form's system fields as `settings` fill them. The tie-break order stays blank while
    /// it is the tradition's usual one, so choosing another system or tradition changes it too.
    fn with_system_settings(self, settings: &SystemSettings) -> EventForm {
        let usual = System::parse(&self.system)
            .is_ok_and(|system| SystemSettings::default_order(system, settings.tradition) == settings.tie_breaks);
        let rank = |value: i32| Rank::from_value(value).map(|r| r.to_string()).unwrap_or_default();
        let ticked = |on: bool| on.then(|| "on".to_string());
        EventForm {
            mcmahon_bar: rank(settings.mcmahon_bar),
            mcmahon_floor: rank(settings.mcmahon_floor),
            placement: settings.placement.code().into(),
            weights: settings.weights.code().into(),
            avoid_same_club: ticked(settings.avoid_same_club),
            same_team_rounds: settings.same_team_rounds.to_string(),
            handicap: ticked(settings.handicap.is_some()),
            handicap_reduction: settings.handicap.map_or(0, |h| h.reduction).to_string(),
            handicap_max: settings.handicap.map_or(9, |h| h.max_stones).to_string(),
            cycles: settings.cycles.to_string(),
            groups: settings.groups.to_string(),
            seating: settings.seating.code().into(),
            lives: settings.lives.to_string(),
            third_place_game: ticked(settings.third_place_game),
            best_of: settings.best_of.to_string(),
            tradition: match settings.tradition {
                Tradition::Chinese => "chinese".into(),
                Tradition::European => "european".into(),
            },
            tie_breaks: if usual { String::new() } else { tie_break_text(&settings.tie_breaks) },
            team_boards: settings.team_boards.to_string(),
            team_pairing: settings.team_pairing.code().into(),
            team_tie_breaks: team_tie_break_text(&settings.team_tie_breaks),
            team_colours: settings.team_colours.code().into(),
            relay_order: settings.relay_order.code().into(),
            relay_draw: settings.relay_draw.code().into(),
            relay_colours: settings.relay_colours.code().into(),
            knockout_after: settings.knockout_after.to_string(),
            absent_score: settings.absent_score.code().into(),
            strength: settings.strength.code().into(),
            ..self
        }
    }

    fn from_event(e: &event::Model, locale: Locale) -> EventForm {
        EventForm {
            name: e.name.clone(),
            venue: e.venue.clone(),
            start_date: e.start_date.to_string(),
            end_date: e.end_date.to_string(),
            time_zone: e.time_zone.clone(),
            rounds: e.rounds.to_string(),
            system: e.system.clone(),
            ruleset: e.ruleset.clone(),
            // A folk game has no komi: its form shows none (not "0目").
            komi: if crate::domain::tournament::event::is_folk_game(&e.ruleset) {
                String::new()
            } else {
                crate::web::view::komi(locale, &e.ruleset, e.komi_half_points)
            },
            board_size: e.board_size.to_string(),
            late_limit_minutes: e.late_limit_minutes.to_string(),
            broadcast_delay_minutes: e.broadcast_delay_minutes.to_string(),
            cycle_outcome: e.cycle_outcome.clone(),
            warning_penalty: e.warning_penalty.clone(),
            time_control: e.time_control.clone(),
            ..EventForm::default()
        }
        .with_system_settings(&SystemSettings::from_json(&e.system_settings))
    }
}

#[derive(Template, WebTemplate)]
#[template(path = "events/form.html")]
pub struct EventFormPage {
    ctx: PageCtx,
    form: EventForm,
    action: String,
    editing: bool,
    error: Option<String>,
    /// Each field's problem, beside it and listed on top.
    field_errors: Vec<(&'static str, String)>,
    systems: Vec<&'static str>,
    rulesets: Vec<&'static str>,
    gomoku_rulesets: Vec<&'static str>,
    folk_rulesets: Vec<&'static str>,
    placements: Vec<&'static str>,
    /// Code and message key of each choice.
    weights: Vec<(&'static str, &'static str)>,
    seatings: Vec<&'static str>,
}

impl EventFormPage {
    /// Whether the form is of a folk game's event (五子棋, 八卦棋 …): go's settings (komi, a
    /// cycle's outcome, the warning's stone, handicaps) are left out (a new event's form
    /// has them, and its script hides them when a folk game is chosen).
    fn folk_form(&self) -> bool {
        crate::domain::tournament::event::is_folk_game(&self.form.ruleset)
    }

    /// The presets of the time-control picker: (notation, its kind and meaning in the
    /// reader's language).
    fn time_control_presets(&self) -> Vec<(String, String)> {
        crate::domain::clock::TimeControl::presets()
            .into_iter()
            .map(|(kind, control)| {
                let meaning = crate::web::view::time_control_of(self.ctx.locale, control);
                (control.to_string(), format!("{} · {meaning}", self.ctx.t(kind)))
            })
            .collect()
    }

    /// The problem with `field`, if the form was refused for it.
    fn field_error(&self, field: &str) -> Option<String> {
        self.field_errors.iter().find(|(f, _)| *f == field).map(|(_, e)| e.clone())
    }

    fn with_field_errors(mut self, errors: Vec<(&'static str, String)>) -> Self {
        self.field_errors = errors;
        self
    }

    fn ruleset_name(&self, code: &str) -> String {
        crate::web::view::ruleset_name(self.ctx.locale, code)
    }

    fn new(ctx: PageCtx, form: EventForm, action: String, editing: bool, error: Option<String>) -> Self {
        EventFormPage {
            ctx,
            form,
            action,
            editing,
            error,
            field_errors: Vec::new(),
            systems: System::ALL.iter().map(|s| s.code()).collect(),
            rulesets: RULESETS.to_vec(),
            gomoku_rulesets: crate::domain::tournament::event::GOMOKU_RULESETS.to_vec(),
            folk_rulesets: crate::domain::tournament::event::FOLK_RULESETS.to_vec(),
            placements: Placement::ALL.iter().map(|p| p.code()).collect(),
            weights: Weights::ALL.iter().map(|w| (w.code(), w.label())).collect(),
            seatings: Seating::ALL.iter().map(|s| s.code()).collect(),
        }
    }
}

pub async fn new_form(state: web::Data<AppState>, ctx: PageCtx) -> AppResult<EventFormPage> {
    ctx.require_user()?;
    Ok(EventFormPage::new(ctx, new_event_form(&state), "/events".into(), false, None))
}

/// The new-event form's starting values.
fn new_event_form(state: &AppState) -> EventForm {
    let today = state.clock.now().date_naive().to_string();
    EventForm {
        start_date: today.clone(),
        end_date: today,
        time_zone: "Asia/Shanghai".into(),
        rounds: "5".into(),
        system: System::Swiss.code().into(),
        ruleset: DEFAULT_RULESET.into(),
        // Blank: the rule set's own komi.
        komi: String::new(),
        // Blank: the game's own board (19 for go, 15 for 五子棋, 8 rows for 三通棋).
        board_size: String::new(),
        late_limit_minutes: "0".into(),
        broadcast_delay_minutes: "0".into(),
        cycle_outcome: "draw".into(),
        warning_penalty: String::new(),
        ..Default::default()
    }
    .with_system_settings(&SystemSettings::default())
}

/// Creates an event from an uploaded OpenGotha tournament file (multipart field `file`). A file
/// that cannot be read shows the new-event page again with the reason; nothing is kept.
pub async fn import_opengotha(
    state: web::Data<AppState>,
    ctx: PageCtx,
    req: HttpRequest,
    body: web::Bytes,
) -> AppResult<HttpResponse> {
    let account = ctx.require_user()?.clone();
    let parts = multipart::parts(&req, &body).unwrap_or_default();
    let refused = |ctx: PageCtx, message: String| {
        page_with_status(
            StatusCode::BAD_REQUEST,
            &EventFormPage::new(ctx, new_event_form(&state), "/events".into(), false, Some(message)),
        )
    };
    let Some(file) = multipart::file(&parts, "file") else {
        let message = ctx.t("error-opengotha-no-file");
        return refused(ctx, message);
    };
    let Ok(xml) = std::str::from_utf8(file) else {
        let message = ctx.t("error-opengotha-not-utf8");
        return refused(ctx, message);
    };
    let time_zone = multipart::text_field(&parts, "time_zone").unwrap_or_else(|| new_event_form(&state).time_zone);
    match interop::import_opengotha(&state, &account, xml, time_zone.trim()).await {
        Ok(imported) => {
            // What each round held; a round paired but not played is where the director goes on.
            let mut report = vec![ctx.locale.t_args(
                "flash-opengotha-imported",
                &[("players", Arg::Num(imported.players as i64)), ("withdrawn", Arg::Num(imported.withdrawn as i64))],
            )];
            report.extend(imported.rounds.iter().map(|r| {
                ctx.locale.t_args(
                    "opengotha-round-found",
                    &[
                        ("n", Arg::Num(r.number.into())),
                        ("played", Arg::Num(r.played as i64)),
                        ("unplayed", Arg::Num(r.unplayed as i64)),
                        ("byes", Arg::Num(r.byes as i64)),
                    ],
                )
            }));
            let event_id = imported.event.id;
            match imported.unplayed_round() {
                Some(number) => {
                    report.push(ctx.t_n("opengotha-enter-results", "n", number));
                    ctx.flash("success", report.join(" "));
                    Ok(see_other(&format!("/events/{event_id}/rounds/{number}")))
                }
                None => {
                    ctx.flash("success", report.join(" "));
                    Ok(see_other(&format!("/events/{event_id}")))
                }
            }
        }
        Err(AppError::BadRequest(message)) => {
            let message = ctx.say(&message);
            refused(ctx, message)
        }
        Err(other) => Err(other),
    }
}

pub async fn create(state: web::Data<AppState>, ctx: PageCtx, form: web::Form<EventForm>) -> AppResult<HttpResponse> {
    let account = ctx.require_user()?.clone();
    let form = form.into_inner();
    match form.parse(ctx.locale) {
        Ok(settings) => {
            let created = events::create(&state, &account, &settings).await?;
            ctx.flash("success", ctx.t("flash-event-created"));
            Ok(see_other(&format!("/events/{}", created.id)))
        }
        Err(errors) => page_with_status(
            StatusCode::BAD_REQUEST,
            &EventFormPage::new(ctx, form, "/events".into(), false, None).with_field_errors(errors),
        ),
    }
}

#[derive(Template, WebTemplate)]
#[template(path = "events/show.html")]
pub struct EventPage {
    ctx: PageCtx,
    event: event::Model,
    roles: EventRoles,
    staff: Vec<StaffMember>,
    /// Directors: the invitations still waiting for an answer.
    invitations: Vec<events::PendingInvitation>,
    rounds: Vec<round::Model>,
    player_count: usize,
    own_entry: Option<player::Model>,
    komi: String,
    /// All rounds are made (see `rounds::is_over`).
    over: bool,
    /// The round the check-in desk works on (Swiss and McMahon, until every round is paired).
    check_in_round: Option<i32>,
    /// The signed-in player's rounds not yet paired, and whether they asked to skip each.
    skips: Vec<(i32, bool)>,
    /// Once the event is over, each rated player's EGF GoR before and after it (go events).
    rating_changes: Vec<crate::services::ratings::RatingChange>,
    /// The self-registration form as typed, and its problem, when shown again.
    pub(crate) register: RegisterForm,
    pub(crate) register_error: Option<String>,
    /// Entries waiting for a place, first come first.
    waiting: Vec<player::Model>,
    /// Players with a place who play (not withdrawn), for "32 of 40 places".
    places_taken: usize,
    /// Players can still register themselves: registration open and the deadline not past.
    takes_players: bool,
    /// Players' own results: the signed-in player's board of the last published round, while
    /// it has no result (round, board).
    report_board: Option<(i32, i32)>,
    /// Directors: the registration terms' form as stored or as typed, and its problem.
    pub(crate) terms: TermsForm,
    pub(crate) terms_error: Option<String>,
    /// The event follows a venue instance's (issue 54): when its copy was last brought up to date.
    followed_at: Option<chrono::DateTime<chrono::Utc>>,
}

/// The registration's terms as the director's form shows them.
#[derive(Deserialize, Default, Clone)]
pub struct TermsForm {
    #[serde(default)]
    pub places: String,
    #[serde(default)]
    pub deadline: String,
    #[serde(default)]
    pub fee: String,
    #[serde(default)]
    pub currency: String,
}

impl TermsForm {
    fn of(event: &event::Model) -> TermsForm {
        TermsForm {
            places: event.places.map(|n| n.to_string()).unwrap_or_default(),
            deadline: event
                .registration_deadline
                .map(|at| crate::domain::tournament::event::local_input(&at, &event.time_zone))
                .unwrap_or_default(),
            fee: event.entry_fee_minor.map(|m| amount_text(m.into())).unwrap_or_default(),
            currency: event.fee_currency.clone(),
        }
    }
}

/// What a player types to register themselves.
#[derive(Deserialize, Default, Clone)]
pub struct RegisterForm {
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub rank: String,
    #[serde(default)]
    pub club: String,
    #[serde(default)]
    pub country: String,
    /// Filled from a rating list by the form's search (the EGF's GoR and PIN, the AGA number).
    #[serde(default)]
    pub rating: String,
    #[serde(default)]
    pub egf_pin: String,
    #[serde(default)]
    pub aga_id: String,
}

impl EventPage {
    /// The entry fee as a page writes it ("200 CNY"), if the event asks one.
    fn fee_text(&self) -> Option<String> {
        let minor = self.event.entry_fee_minor?;
        Some(format!("{} {}", amount_text(minor.into()), self.event.fee_currency).trim().to_string())
    }

    /// The signed-in player's place on the waiting list (1 first), if he waits.
    fn own_waiting_place(&self) -> Option<usize> {
        let own = self.own_entry.as_ref()?;
        self.waiting.iter().position(|p| p.id == own.id).map(|i| i + 1)
    }

    /// Whether the places are all taken (a new entry waits).
    fn full(&self) -> bool {
        !crate::domain::tournament::registration::has_room(self.event.places, self.places_taken)
    }

    /// A GoR as the table writes it, to one decimal.
    fn gor(&self, rating: &f64) -> String {
        format!("{rating:.1}")
    }

    /// A GoR change with its sign.
    fn gor_change(&self, change: &crate::services::ratings::RatingChange) -> String {
        format!("{:+.1}", change.after - change.before)
    }

    /// Whether the event's games are go, which the rating bodies (EGF, AGA) rate.
    fn rated_by_go_bodies(&self) -> bool {
        !crate::domain::tournament::event::is_folk_game(&self.event.ruleset)
    }

    /// An instant in the event's time zone.
    fn local(&self, at: &chrono::DateTime<chrono::Utc>) -> String {
        crate::web::view::local_time(at, &self.event.time_zone)
    }

    fn ruleset_name(&self, code: &str) -> String {
        crate::web::view::ruleset_name(self.ctx.locale, code)
    }

    fn is_director(&self) -> bool {
        self.roles.director
    }

    /// What a round sat out scores, as the event's settings say.
    fn absent_rule(&self) -> String {
        self.ctx.t(match SystemSettings::from_json(&self.event.system_settings).absent_score {
            AbsentScore::Zero => "summary-absent-zero",
            AbsentScore::Half => "summary-absent-half",
        })
    }

    /// A referee (or chief referee) of the event who does not direct it: the desk is theirs.
    fn is_referee(&self) -> bool {
        self.roles.referee && !self.roles.director
    }

    fn can_generate(&self) -> bool {
        self.rounds.iter().all(|r| r.published) && !self.over
    }

    /// The time control in the reader's language (a text that is not one, as typed).
    fn time_control_text(&self) -> String {
        crate::web::view::time_control(self.ctx.locale, &self.event.time_control)
    }

    /// The system with the settings that matter for it, in the reader's language.
    fn system_summary(&self) -> String {
        let Ok(system) = System::parse(&self.event.system) else { return self.event.system.clone() };
        let s = SystemSettings::from_json(&self.event.system_settings);
        let rank = |value: i32| Rank::from_value(value).map(|r| r.to_string()).unwrap_or_default();
        let mut parts = vec![self.ctx.t(system.code())];
        match system {
            System::Swiss | System::McMahon => {
                parts.push(self.ctx.t_n("rounds-count", "n", self.event.rounds));
                if system == System::McMahon {
                    parts.push(format!("{} {}", self.ctx.t("mcmahon-bar"), rank(s.mcmahon_bar)));
                    parts.push(format!("{} {}", self.ctx.t("mcmahon-floor"), rank(s.mcmahon_floor)));
                }
                if s.weights == Weights::OpenGotha351 {
                    parts.push(self.ctx.t("summary-opengotha-weights"));
                }
                if s.strength == Strength::Rating {
                    parts.push(self.ctx.t("summary-strength-rating"));
                }
                parts.push(self.ctx.t(match s.absent_score {
                    AbsentScore::Zero => "summary-absent-zero",
                    AbsentScore::Half => "summary-absent-half",
                }));
                if s.knockout_after >= 2 {
                    parts.push(self.ctx.t_n("knockout-stage-n", "n", s.knockout_after));
                }
            }
            System::RoundRobin => {
                parts.push(self.ctx.t(if s.cycles == 2 { "cycles-double" } else { "cycles-single" }));
                if s.groups > 1 {
                    parts.push(self.ctx.t_n("groups-n", "n", s.groups));
                    if s.knockout_after >= 1 {
                        parts.push(self.ctx.t_n("knockout-stage-groups-n", "n", s.knockout_after));
                    }
                } else if s.knockout_after >= 2 {
                    parts.push(self.ctx.t_n("knockout-stage-n", "n", s.knockout_after));
                }
            }
            System::Knockout => {
                parts.push(self.ctx.t_n("lives-n", "n", s.lives));
                if s.third_place_game {
                    parts.push(self.ctx.t("third-place-game"));
                }
            }
            System::BestOf => parts.push(self.ctx.t_n("best-of-title", "n", s.best_of)),
            System::Team => {
                parts.push(self.ctx.t_n("team-boards-n", "n", s.team_boards));
                match s.team_pairing {
                    TeamPairing::Swiss => {
                        parts.push(self.ctx.t_n("rounds-count", "n", self.event.rounds));
                        parts.push(self.ctx.t(match s.team_colours {
                            Colours::Alternate => "team-colours-alternate",
                            Colours::Nigiri => "team-colours-nigiri",
                        }));
                        if s.knockout_after >= 2 {
                            parts.push(self.ctx.t_n("knockout-stage-teams-n", "n", s.knockout_after));
                        }
                    }
                    TeamPairing::RoundRobin => {
                        parts.push(self.ctx.t(if s.cycles == 2 { "cycles-double" } else { "cycles-single" }))
                    }
                    TeamPairing::AllPlayAll => parts.push(self.ctx.t("team-all-play-all")),
                }
            }
            System::Relay => {
                parts.push(self.ctx.t(match s.relay_order {
                    RelayOrder::Fixed => "relay-order-fixed",
                    RelayOrder::Nominated => "relay-order-nominated",
                }));
                parts.push(self.ctx.t(match s.relay_draw {
                    DrawPolicy::Replay => "relay-draw-replay",
                    DrawPolicy::BothOut => "relay-draw-both-out",
                }));
                parts.push(self.ctx.t(match s.relay_colours {
                    Colours::Nigiri => "relay-colours-nigiri",
                    Colours::Alternate => "relay-colours-alternate",
                }));
            }
        }
        if s.handicap.is_some() && system.pairs_by_score() {
            parts.push(self.ctx.t("handicap-games"));
        }
        parts.join(" · ")
    }
}

pub async fn show(state: web::Data<AppState>, ctx: PageCtx, path: web::Path<EventPath>) -> AppResult<EventPage> {
    event_page(&state, ctx, path.event_id).await
}

/// The event page as `ctx`'s user sees it.
pub(crate) async fn event_page(state: &AppState, ctx: PageCtx, event_id: i32) -> AppResult<EventPage> {
    let found = queries::event(&state.db, event_id).await?;
    let roles = queries::roles_of(&state.db, event_id, ctx.user.as_ref()).await?;
    let all_rounds = queries::rounds(&state.db, event_id).await?;
    // Drafts are the directors' business until published.
    let visible: Vec<round::Model> = all_rounds.into_iter().filter(|r| r.published || roles.director).collect();
    let own_entry = match &ctx.user {
        Some(account) => players::own_entry(&state.db, event_id, account).await?,
        None => None,
    };
    let register = RegisterForm {
        name: ctx.user.as_ref().map(|u| u.display_name.clone()).unwrap_or_default(),
        ..Default::default()
    };
    let over = rounds::is_over(&state.db, &found).await?;
    let check_in_round = if participation::takes_check_in(&found) && !over {
        participation::desk_round(&state.db, &found).await?
    } else {
        None
    };
    let skips = match &own_entry {
        Some(entry) if !entry.withdrawn && !over => {
            participation::skippable_rounds(&state.db, &found, entry.id).await?
        }
        _ => Vec::new(),
    };
    let report_board = match (&own_entry, visible.iter().rfind(|r| r.published)) {
        (Some(entry), Some(last)) if found.players_report => queries::games_of(&state.db, last.id)
            .await?
            .into_iter()
            .find(|g| (g.black_id == entry.id || g.white_id == entry.id) && g.result.is_none())
            .map(|g| (last.number, g.board)),
        _ => None,
    };
    let registered = queries::players(&state.db, event_id).await?;
    let places_taken = registered.iter().filter(|p| !p.withdrawn).count();
    let terms = TermsForm::of(&found);
    let found_open = found.registration_open;
    let deadline_ahead = found.registration_deadline.is_none_or(|d| state.clock.now() <= d);
    // The rating bodies rate go: a folk game's event moves no GoR.
    let rated = over && !crate::domain::tournament::event::is_folk_game(&found.ruleset);
    let rating_changes =
        if rated { crate::services::ratings::gor_changes(&state.db, &found).await? } else { Vec::new() };
    Ok(EventPage {
        over,
        check_in_round,
        skips,
        rating_changes,
        komi: komi_text(ctx.locale, &found),
        player_count: registered.len(),
        staff: events::staff(&state.db, event_id).await?,
        invitations: if roles.director {
            events::pending_invitations(&state.db, event_id, state.clock.now()).await?
        } else {
            Vec::new()
        },
        ctx,
        event: found,
        roles,
        rounds: visible,
        own_entry,
        register,
        register_error: None,
        waiting: queries::waiting_list(&state.db, event_id).await?,
        places_taken,
        report_board,
        takes_players: found_open && deadline_ahead,
        terms,
        terms_error: None,
        followed_at: crate::services::sync::public::copy_of(&state.db, event_id).await?.map(|c| c.last_received_at),
    })
}

/// POST /events/{event_id}/registration/terms: places, deadline and fee.
pub async fn set_registration_terms(
    state: web::Data<AppState>,
    ctx: PageCtx,
    path: web::Path<EventPath>,
    form: LateForm<TermsForm>,
) -> AppResult<HttpResponse> {
    let event_id = path.event_id;
    let (account, found) = director_of(&state, &ctx, event_id).await?;
    let form = form.parse()?;
    let parsed = crate::domain::tournament::registration::Terms::parse(
        &form.places,
        &form.deadline,
        &form.fee,
        &form.currency,
        &found.time_zone,
    );
    match parsed {
        Ok(terms) => {
            let promoted = events::set_registration_terms(&state, &account, event_id, &terms).await?;
            let saved = ctx.t("flash-terms-saved");
            if promoted > 0 {
                ctx.flash("success", format!("{saved} {}", ctx.t_n("flash-promoted", "count", promoted)));
            } else {
                ctx.flash("success", saved);
            }
            Ok(see_other(&format!("/events/{event_id}#registration-terms")))
        }
        Err(e) => {
            let mut shown = event_page(&state, ctx, event_id).await?;
            shown.terms_error = Some(shown.ctx.locale.message(&e.0));
            shown.terms = form;
            page_with_status(StatusCode::BAD_REQUEST, &shown)
        }
    }
}

pub async fn edit_form(
    state: web::Data<AppState>,
    ctx: PageCtx,
    path: web::Path<EventPath>,
) -> AppResult<HttpResponse> {
    let event_id = path.event_id;
    let (_, found) = director_of(&state, &ctx, event_id).await?;
    let form = EventForm::from_event(&found, ctx.locale);
    page(&EventFormPage::new(ctx, form, format!("/events/{event_id}/edit"), true, None))
}

pub async fn update(
    state: web::Data<AppState>,
    ctx: PageCtx,
    path: web::Path<EventPath>,
    form: LateForm<EventForm>,
) -> AppResult<HttpResponse> {
    let event_id = path.event_id;
    let (account, _) = director_of(&state, &ctx, event_id).await?;
    let form = form.parse()?;
    let action = format!("/events/{event_id}/edit");
    let (error, field_errors) = match form.parse(ctx.locale) {
        Ok(settings) => match events::update(&state, &account, event_id, &settings).await {
            Ok(()) => {
                ctx.flash("success", ctx.t("flash-event-saved"));
                return Ok(see_other(&format!("/events/{event_id}")));
            }
            Err(AppError::BadRequest(message)) => {
                let message = ctx.say(&message);
                (Some(message), Vec::new())
            }
            Err(other) => return Err(other),
        },
        Err(errors) => (None, errors),
    };
    let page = EventFormPage::new(ctx, form, action, true, error).with_field_errors(field_errors);
    page_with_status(StatusCode::BAD_REQUEST, &page)
}

#[derive(Deserialize)]
pub struct RegistrationForm {
    open: String,
}

pub async fn set_registration(
    state: web::Data<AppState>,
    ctx: PageCtx,
    path: web::Path<EventPath>,
    form: LateForm<RegistrationForm>,
) -> AppResult<HttpResponse> {
    let event_id = path.event_id;
    let (account, _) = director_of(&state, &ctx, event_id).await?;
    let form = form.parse()?;
    events::set_registration_open(&state, &account, event_id, form.open == "true").await?;
    Ok(see_other(&format!("/events/{event_id}")))
}

#[derive(Deserialize)]
pub struct ClubListForm {
    #[serde(default)]
    label: String,
}

/// Once a go event is over, its GoR changes go into a club's own rating list (made by the
/// first event that writes it): docs/RATINGS.md.
pub async fn update_club_list(
    state: web::Data<AppState>,
    ctx: PageCtx,
    path: web::Path<EventPath>,
    form: LateForm<ClubListForm>,
) -> AppResult<HttpResponse> {
    let event_id = path.event_id;
    let (account, found) = director_of(&state, &ctx, event_id).await?;
    let form = form.parse()?;
    let rated =
        !crate::domain::tournament::event::is_folk_game(&found.ruleset) && rounds::is_over(&state.db, &found).await?;
    if !rated {
        return Err(AppError::refused("error-club-list-not-over"));
    }
    let changes = crate::services::ratings::gor_changes(&state.db, &found).await?;
    let players = queries::players(&state.db, event_id).await?;
    let after: Vec<_> = changes
        .iter()
        .filter_map(|c| players.iter().find(|p| p.id == c.player_id).map(|p| (p.clone(), c.after)))
        .collect();
    let update =
        crate::services::rating_lists::update_club_list(&state, &account, event_id, &form.label, &after).await?;
    ctx.flash(
        "success",
        ctx.locale.t_args(
            "flash-club-list-updated",
            &[
                ("label", crate::i18n::Arg::Str(&update.label)),
                ("added", crate::i18n::Arg::Num(update.added as i64)),
                ("changed", crate::i18n::Arg::Num(update.changed as i64)),
            ],
        ),
    );
    Ok(see_other(&format!("/events/{event_id}#rating-changes")))
}
