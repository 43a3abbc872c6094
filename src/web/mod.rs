//! The web layer: the whole route table in one place, extractors, middleware, handlers.
pub mod api;
pub mod assets;
pub mod board_svg;
pub mod board_words;
pub mod extractors;
pub mod handlers;
pub mod live_feed;
pub mod middleware;
pub mod multipart;
pub mod page_cache;
pub mod paper;
pub mod paths;
pub mod qr;
pub mod round_feed;
pub mod sse;
pub mod text_boundary;
pub mod view;

use actix_web::{HttpRequest, HttpResponse, guard, web};

use crate::error::AppError;
use handlers::{
    accounts, admin, audit_log, disputes, events, exports, home, live, notifications, paper as sheets, participation,
    players, relay, reports, rounds, screen, staff, standings, sync, teams, tokens,
};

/// Largest request body accepted: the EGD's whole rating list (allworld_lp, some 60,000 lines
/// of 91 characters, about 5.5 MB) fits; a CSV of a few thousand players is far below.
pub const MAX_BODY_BYTES: usize = 8 * 1024 * 1024;

/// Who may call a route. The handler checks it on its first line; the integration test
/// `route_table` walks this table and proves every mutating route refuses the wrong users.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Access {
    /// Anyone, signed in or not.
    Public,
    /// Any signed-in user.
    User,
    /// A director of the event in the path (or a site admin).
    Director,
    /// A director or referee of the event in the path.
    EventStaff,
    /// A site admin.
    Admin,
}

#[derive(Debug, Clone, Copy)]
pub struct Route {
    pub method: &'static str,
    pub path: &'static str,
    pub access: Access,
}

macro_rules! route_table {
    ($( $method:ident $path:literal => $handler:path, $access:ident; )*) => {
        /// Every route of the application.
        pub const ROUTES: &[Route] = &[
            $( Route { method: stringify!($method), path: $path, access: Access::$access }, )*
        ];

        pub fn configure(cfg: &mut web::ServiceConfig) {
            // A live board's routes first, then the others in the table's order (see
            // `registered_first`).
            for first in [true, false] {
                $(
                    if registered_first($path) == first {
                        // A guard on the resource (not the route) lets a GET and a POST share a path.
                        cfg.service(web::resource($path).guard(route_table!(@guard $method)).to($handler));
                    }
                )*
            }
            // The assets are compiled in (web/assets.rs): a copied binary serves them too.
            cfg.service(
                web::resource("/static/{path:.*}")
                    .guard(route_table!(@guard GET))
                    .to(assets::serve),
            );
        }
    };
    // HEAD is answered as GET without the body (link checkers, uptime monitors).
    (@guard GET) => { guard::Any(guard::Get()).or(guard::Head()) };
    (@guard POST) => { guard::Post() };
}

/// Where a live board's routes begin.
const LIVE_BOARD: &str = "/events/{event_id}/rounds/{number}/boards/{board}";

/// Whether a route is registered before the others: a live board's. A move is the request sent
/// most often (hundreds a second in a big event), and actix tries each route registered before
/// a request's own, a pattern match each. No route they are put before matches any request of
/// theirs (`tests::the_live_boards_routes_first_change_no_requests_route`), so the order
/// decides nothing else.
fn registered_first(path: &str) -> bool {
    path.starts_with(LIVE_BOARD)
}

route_table! {
    GET  "/" => home::index, Public;
    GET  "/health" => home::health, Public;
    GET  "/favicon.ico" => home::favicon, Public;
    GET  "/lang/{code}" => home::set_language, Public;
    GET  "/signup" => accounts::signup_form, Public;
    POST "/signup" => accounts::signup, Public;
    GET  "/confirm/{token}" => accounts::confirm_form, Public;
    POST "/confirm/{token}" => accounts::confirm, Public;
    POST "/confirm-resend" => accounts::resend_confirmation, Public;
    GET  "/login" => accounts::login_form, Public;
    POST "/login" => accounts::login, Public;
    POST "/logout" => accounts::logout, User;
    GET  "/account" => accounts::account_page, User;
    POST "/account/password" => accounts::change_password, User;
    POST "/account/sessions/end-others" => accounts::end_other_sessions, User;
    POST "/account/sessions/end-all" => accounts::end_all_sessions, User;
    POST "/account/sessions/{session_id}/end" => accounts::end_session, User;
    GET  "/admin/users" => admin::users, Admin;
    POST "/admin/users/{user_id}/sessions/end" => admin::end_sessions, Admin;
    GET  "/admin/ratings" => admin::ratings, Admin;
    POST "/admin/ratings" => admin::import_ratings, Admin;
    GET  "/ratings/search" => admin::search_ratings, User;
    GET  "/invite/{token}" => staff::invitation_form, Public;
    POST "/invite/{token}" => staff::accept_invitation, Public;
    GET  "/forgot" => accounts::forgot_form, Public;
    POST "/forgot" => accounts::forgot, Public;
    GET  "/reset/{token}" => accounts::reset_form, Public;
    POST "/reset/{token}" => accounts::reset, Public;
    GET  "/notifications" => notifications::list, User;
    POST "/notifications/read" => notifications::mark_read, User;
    GET  "/events" => events::list, Public;
    GET  "/events/new" => events::new_form, User;
    POST "/events" => events::create, User;
    POST "/events/import" => events::import_opengotha, User;
    GET  "/events/{event_id}" => events::show, Public;
    GET  "/events/{event_id}/edit" => events::edit_form, Director;
    POST "/events/{event_id}/edit" => events::update, Director;
    POST "/events/{event_id}/registration" => events::set_registration, Director;
    POST "/events/{event_id}/registration/terms" => events::set_registration_terms, Director;
    POST "/events/{event_id}/club-list" => events::update_club_list, Director;
    POST "/events/{event_id}/staff" => staff::add_staff, Director;
    POST "/events/{event_id}/staff/{staff_id}/remove" => staff::remove_staff, Director;
    POST "/events/{event_id}/invitations/{invitation_id}/withdraw" => staff::withdraw_invitation, Director;
    GET  "/events/{event_id}/audit" => audit_log::audit_log, EventStaff;
    GET  "/events/{event_id}/disputes" => disputes::queue, EventStaff;
    GET  "/events/{event_id}/disputes/{dispute_id}" => disputes::show, User;
    POST "/events/{event_id}/disputes/{dispute_id}/rule" => disputes::rule, EventStaff;
    POST "/events/{event_id}/disputes/{dispute_id}/appeal" => disputes::appeal, User;
    POST "/events/{event_id}/disputes/{dispute_id}/hear" => disputes::hear, User;
    GET  "/events/{event_id}/players" => players::list, Public;
    POST "/events/{event_id}/players" => players::add, Director;
    GET  "/events/{event_id}/players/{player_id}" => players::show, Public;
    GET  "/events/{event_id}/search" => players::search, Public;
    POST "/events/{event_id}/players/import" => players::import, Director;
    GET  "/events/{event_id}/players/{player_id}/edit" => players::edit_form, Director;
    POST "/events/{event_id}/players/{player_id}/edit" => players::edit, Director;
    POST "/events/{event_id}/players/{player_id}/withdraw" => players::withdraw, Director;
    POST "/events/{event_id}/players/{player_id}/reinstate" => players::reinstate, Director;
    POST "/events/{event_id}/players/{player_id}/place" => players::give_place, Director;
    POST "/events/{event_id}/players/{player_id}/fee" => players::set_fee, EventStaff;
    POST "/events/{event_id}/forbidden-pairs" => players::forbid_pair, Director;
    POST "/events/{event_id}/forbidden-pairs/remove" => players::allow_pair, Director;
    POST "/events/{event_id}/register" => players::register_self, User;
    POST "/events/{event_id}/withdraw" => players::withdraw_self, User;
    GET  "/events/{event_id}/check-in" => participation::desk, EventStaff;
    POST "/events/{event_id}/check-in" => participation::mark, EventStaff;
    POST "/events/{event_id}/check-in/open" => participation::set_open, Director;
    POST "/events/{event_id}/check-in/self" => participation::check_in_self, User;
    POST "/events/{event_id}/skips" => participation::set_skips, User;
    POST "/events/{event_id}/rounds" => rounds::generate, Director;
    GET  "/events/{event_id}/rounds/{number}" => rounds::show, Public;
    GET  "/events/{event_id}/rounds/{number}/boards/{board}/report" => reports::show, User;
    POST "/events/{event_id}/rounds/{number}/boards/{board}/report" => reports::report, User;
    POST "/events/{event_id}/rounds/{number}/boards/{board}/report/accept" => reports::accept, Director;
    POST "/events/{event_id}/reports" => reports::switch, Director;
    POST "/events/{event_id}/rounds/{number}/swap" => rounds::swap, Director;
    POST "/events/{event_id}/rounds/{number}/colours/{board}" => rounds::swap_colours, Director;
    POST "/events/{event_id}/rounds/{number}/discard" => rounds::discard, Director;
    POST "/events/{event_id}/rounds/{number}/publish" => rounds::publish, Director;
    POST "/events/{event_id}/rounds/{number}/start" => rounds::set_start, Director;
    POST "/events/{event_id}/rounds/{number}/results" => rounds::record_results, EventStaff;
    POST "/events/{event_id}/rounds/{number}/results/{board}" => rounds::record_result, EventStaff;
    POST "/events/{event_id}/rounds/{number}/results/{board}/correct" => rounds::correct_result, Director;
    POST "/events/{event_id}/rounds/{number}/rulings/{board}" => rounds::rule_both_lose, Director;
    GET  "/events/{event_id}/rounds/{number}/why" => rounds::why, Public;
    GET  "/events/{event_id}/rounds/{number}/paper/{sheet}" => sheets::round_sheet, Public;
    GET  "/events/{event_id}/rounds/{number}/events" => crate::web::round_feed::events, Public;
    GET  "/events/{event_id}/rounds/{number}/embed" => live::round_embed, Public;
    GET  "/events/{event_id}/rounds/{number}/embed/stream" => live::round_embed_stream, Public;
    GET  "/events/{event_id}/rounds/{number}/boards/{board}" => live::show, Public;
    GET  "/events/{event_id}/rounds/{number}/boards/{board}/embed" => live::embed, Public;
    POST "/events/{event_id}/rounds/{number}/boards/{board}/play" => live::play, User;
    POST "/events/{event_id}/rounds/{number}/boards/{board}/resign" => live::resign, User;
    POST "/events/{event_id}/rounds/{number}/boards/{board}/mark" => live::mark, User;
    POST "/events/{event_id}/rounds/{number}/boards/{board}/agree" => live::agree, User;
    POST "/events/{event_id}/rounds/{number}/boards/{board}/dispute" => live::dispute, User;
    POST "/events/{event_id}/rounds/{number}/boards/{board}/hold" => live::hold, User;
    POST "/events/{event_id}/rounds/{number}/boards/{board}/seal" => live::seal, User;
    POST "/events/{event_id}/rounds/{number}/boards/{board}/arrive" => live::arrive, User;
    POST "/events/{event_id}/rounds/{number}/boards/{board}/timeout-pass" => live::pass_on_timeout, User;
    POST "/events/{event_id}/rounds/{number}/boards/{board}/disputes" => disputes::file, User;
    GET  "/events/{event_id}/rounds/{number}/boards/{board}/game.sgf" => live::sgf, Public;
    GET  "/events/{event_id}/rounds/{number}/boards/{board}/events" => crate::web::live_feed::events, Public;
    GET  "/events/{event_id}/teams" => teams::show, Public;
    POST "/events/{event_id}/teams/{team_id}/lineup" => teams::set_lineup, Director;
    GET  "/events/{event_id}/relay" => relay::show, Public;
    POST "/events/{event_id}/relay/{team_id}/nominate" => relay::nominate, Director;
    GET  "/events/{event_id}/standings" => standings::standings, Public;
    GET  "/events/{event_id}/screen" => screen::show, Public;
    GET  "/events/{event_id}/tokens" => tokens::show, Director;
    POST "/events/{event_id}/tokens" => tokens::create, Director;
    POST "/events/{event_id}/tokens/{token_id}/revoke" => tokens::revoke, Director;
    GET  "/events/{event_id}/sync" => sync::show, Director;
    POST "/events/{event_id}/sync" => sync::link, Director;
    POST "/events/{event_id}/sync/unlink" => sync::unlink, Director;
    POST "/events/{event_id}/sync/now" => sync::push_now, Director;
    GET  "/events/{event_id}/standings.pdf" => sheets::standings_pdf, Public;
    GET  "/events/{event_id}/export/opengotha.xml" => exports::export_opengotha, Public;
    GET  "/events/{event_id}/export/egf.txt" => exports::export_egf, Public;
    GET  "/events/{event_id}/export/egd" => exports::egd, Director;
    GET  "/events/{event_id}/export/results.csv" => exports::export_results, Public;
    GET  "/events/{event_id}/export/yunzi.json" => exports::export_pairing_file, Public;
    GET  "/events/{event_id}/export/aga" => exports::aga, Director;
    POST "/events/{event_id}/export/aga" => exports::set_aga_ids, Director;
    GET  "/events/{event_id}/export/aga.txt" => exports::export_aga, Director;
    GET  "/api/v1/openapi.json" => crate::web::api::openapi, Public;
    GET  "/api/v1/events" => crate::web::api::list_events, Public;
    GET  "/api/v1/events/{event_id}" => crate::web::api::show_event, Public;
    GET  "/api/v1/events/{event_id}/players" => crate::web::api::list_players, Public;
    GET  "/api/v1/events/{event_id}/rounds" => crate::web::api::list_rounds, Public;
    GET  "/api/v1/events/{event_id}/rounds/{number}" => crate::web::api::show_round, Public;
    GET  "/api/v1/events/{event_id}/standings" => crate::web::api::show_standings, Public;
    GET  "/api/v1/events/{event_id}/rounds/{number}/boards/{board}" => crate::web::api::show_board, Public;
    GET  "/api/v1/events/{event_id}/rounds/{number}/boards/{board}/stream" => crate::web::api::board_stream, Public;
    POST "/api/v1/events/{event_id}/rounds/{number}/boards/{board}/result" => crate::web::api::write_result, Public;
    POST "/api/v1/events/{event_id}/players" => crate::web::api::write_player, Public;
    POST "/api/v1/events/{event_id}/rounds" => crate::web::api::write_next_round, Public;
    POST "/api/v1/events/{event_id}/rounds/{number}/publish" => crate::web::api::write_publish, Public;
    POST "/api/v1/events/{event_id}/sync" => crate::web::api::sync_push, Public;
    GET  "/api/v1/events/{event_id}/sync" => crate::web::api::sync_status, Public;
    GET  "/api/v1/events/{event_id}/sync/registrations" => crate::web::api::sync_registrations, Public;
}

pub async fn not_found(_req: HttpRequest) -> Result<HttpResponse, AppError> {
    Err(AppError::NotFound)
}

pub fn form_config() -> web::FormConfig {
    web::FormConfig::default().limit(MAX_BODY_BYTES).error_handler(|error, _req| match error {
        // Past the limit: 413, and the error page names the limit.
        actix_web::error::UrlencodedError::Overflow { .. } => actix_web::error::InternalError::new(
            "request body too large",
            actix_web::http::StatusCode::PAYLOAD_TOO_LARGE,
        )
        .into(),
        other => AppError::Unreadable(other.to_string()).into(),
    })
}

pub fn path_config() -> web::PathConfig {
    // A path with a non-number where an id belongs names nothing that exists.
    web::PathConfig::default().error_handler(|_error, _req| AppError::NotFound.into())
}

pub fn query_config() -> web::QueryConfig {
    web::QueryConfig::default().error_handler(|error, _req| AppError::Unreadable(error.to_string()).into())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether some request is matched by both paths: as many segments, each pair the same or
    /// one of them a `{name}` (one segment, whatever it holds).
    fn overlap(a: &str, b: &str) -> bool {
        let (a, b): (Vec<&str>, Vec<&str>) = (a.split('/').collect(), b.split('/').collect());
        let any = |segment: &str| segment.starts_with('{');
        a.len() == b.len() && a.iter().zip(&b).all(|(x, y)| x == y || any(x) || any(y))
    }

    #[test]
    fn the_live_boards_routes_first_change_no_requests_route() {
        let first: Vec<&Route> = ROUTES.iter().filter(|r| registered_first(r.path)).collect();
        assert!(first.iter().any(|r| r.path.ends_with("/play")), "a move's route is among them");
        for (at, route) in ROUTES.iter().enumerate().filter(|(_, r)| registered_first(r.path)) {
            for before in ROUTES[..at].iter().filter(|r| !registered_first(r.path)) {
                assert!(
                    before.method != route.method || !overlap(before.path, route.path),
                    "{} {} would be tried before {}, which matches some of its requests",
                    route.method,
                    route.path,
                    before.path
                );
            }
        }
        // The test can tell: a board's page overlaps a path of as many segments with a name
        // where it has a word.
        assert!(overlap("/events/{event_id}/rounds/{number}/boards/{board}", "/events/{e}/rounds/{n}/boards/new"));
        assert!(!overlap("/events/{event_id}/rounds/{number}/boards/{board}", "/events/{e}/rounds/{n}/pairings/{b}"));
    }
}
