//! One error story for the whole app.
//!
//! Services and handlers return `AppResult<T>`. Each `AppError` variant maps to a status code;
//! the `render_errors` middleware in `web::middleware` turns it into a page in the visitor's
//! language. A cause chain (database, mail, I/O) is logged, never shown.
use actix_web::{HttpResponse, ResponseError, http::StatusCode};

use crate::domain::message::Message;

pub type AppResult<T> = Result<T, AppError>;

#[derive(Debug, thiserror::Error)]
pub enum AppError {
    /// The page or object does not exist (or the visitor may not know that it does).
    #[error("not found")]
    NotFound,
    /// Signed in, but without the role this needs.
    #[error("forbidden")]
    Forbidden,
    /// Needs a signed-in user; GET requests are redirected to the login page.
    #[error("login required")]
    LoginRequired { next: String },
    /// The request was understood but cannot be done; the message is shown to the user, said
    /// in their language by the web layer (services say what is wrong, never in which words).
    #[error("{0}")]
    BadRequest(Message),
    /// Not yet: something elsewhere must be done first. The message, and where to do it (a
    /// path of this site and the words of the link), e.g. the results a round still misses.
    #[error("{message}")]
    Unfinished { message: Message, link: String, label: Message },
    /// The form or the address could not be read at all (a field of the wrong shape, sent by
    /// no page of ours); what the parser said is logged, the page says it plainly.
    #[error("unreadable request: {0}")]
    Unreadable(String),
    /// The form's CSRF token or origin did not check out.
    #[error("the form expired or came from another site")]
    Csrf,
    /// An API write without a token, or with one that is not (or no longer) a token.
    #[error("no valid token")]
    BadToken,
    #[error("too many attempts")]
    TooManyAttempts { retry_after_minutes: u32 },
    /// A live stream over the server's limits: the message says which; the page works by reload.
    #[error("too many live streams")]
    TooManyStreams(String),
    /// Someone else changed the thing at the same moment, or since the page was drawn: the
    /// message says what changed (None: the general "reload and try again").
    #[error("changed meanwhile")]
    Conflict(Option<Message>),
    /// The server's slots for heavy work (rendering PDFs) are all taken and their queue is
    /// full: come back in a few seconds (503 with Retry-After).
    #[error("busy")]
    Busy { retry_after_seconds: u32 },
    #[error("database error")]
    Database(#[source] sea_orm::DbErr),
    #[error("internal error")]
    Internal(#[from] anyhow::Error),
}

impl AppError {
    /// A refusal by its locale key alone.
    pub fn refused(key: &'static str) -> Self {
        AppError::BadRequest(Message::new(key))
    }
}

impl From<sea_orm::DbErr> for AppError {
    /// Two requests inserting the same thing at once: the second is told it lost the race,
    /// as the ordinary refusal it is, never a 500.
    fn from(error: sea_orm::DbErr) -> Self {
        if crate::db::is_unique_violation(&error) { AppError::Conflict(None) } else { AppError::Database(error) }
    }
}

impl From<sea_orm::TransactionError<AppError>> for AppError {
    fn from(error: sea_orm::TransactionError<AppError>) -> Self {
        match error {
            sea_orm::TransactionError::Connection(db) => AppError::Database(db),
            sea_orm::TransactionError::Transaction(app) => app,
        }
    }
}

impl From<askama::Error> for AppError {
    fn from(error: askama::Error) -> Self {
        AppError::Internal(anyhow::Error::new(error).context("rendering a template"))
    }
}

impl ResponseError for AppError {
    fn status_code(&self) -> StatusCode {
        match self {
            AppError::NotFound => StatusCode::NOT_FOUND,
            AppError::Forbidden | AppError::Csrf => StatusCode::FORBIDDEN,
            AppError::LoginRequired { .. } | AppError::BadToken => StatusCode::UNAUTHORIZED,
            AppError::BadRequest(_) | AppError::Unreadable(_) => StatusCode::BAD_REQUEST,
            AppError::TooManyAttempts { .. } | AppError::TooManyStreams(_) => StatusCode::TOO_MANY_REQUESTS,
            AppError::Conflict(_) | AppError::Unfinished { .. } => StatusCode::CONFLICT,
            AppError::Busy { .. } => StatusCode::SERVICE_UNAVAILABLE,
            AppError::Database(_) | AppError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    // The body is replaced by the rendered error page in `render_errors`; this plain one is
    // only what a client sees if rendering itself failed.
    fn error_response(&self) -> HttpResponse {
        if let AppError::Database(_) | AppError::Internal(_) = self {
            tracing::error!(error = ?anyhow_chain(self), "request failed");
        }
        if let AppError::Unreadable(detail) = self {
            tracing::info!(detail, "request could not be read");
        }
        let mut response = HttpResponse::build(self.status_code());
        if let AppError::Busy { retry_after_seconds } = self {
            response.insert_header((actix_web::http::header::RETRY_AFTER, retry_after_seconds.to_string()));
        }
        response
            .content_type("text/plain; charset=utf-8")
            .body(self.status_code().canonical_reason().unwrap_or("error").to_string())
    }
}

fn anyhow_chain(error: &AppError) -> String {
    let mut out = error.to_string();
    let mut source = std::error::Error::source(error);
    while let Some(cause) = source {
        out.push_str(": ");
        out.push_str(&cause.to_string());
        source = cause.source();
    }
    out
}
