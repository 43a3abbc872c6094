//! What every server-sent-event stream shares: its place under the stream limits, the first
//! message, then every message of its channel, a keep-alive comment every 15 s, and the
//! headers that keep proxies and the compressor from holding messages back.
use std::sync::Arc;
use std::time::Duration;

use actix_web::http::header::{CacheControl, CacheDirective, ContentEncoding};
use actix_web::{HttpRequest, HttpResponse, web};
use futures_util::StreamExt;
use tokio::sync::broadcast::{Receiver, error::RecvError};

use crate::error::AppError;
use crate::i18n::Arg;
use crate::i18n::Locale;
use crate::live_hub::{StreamPermit, StreamRefused};
use crate::state::AppState;
use crate::web::extractors::client_address;

/// A place for one more stream from the reader's address, or 429 saying which limit is full.
/// Taken before any other work, so that a flood of streams costs nothing but refusals.
pub fn admit(state: &AppState, locale: Locale, req: &HttpRequest) -> Result<StreamPermit, AppError> {
    let limits = &state.settings.live;
    let address = client_address(req, &state.trusted_proxies);
    state.live.admit(&address, limits.max_streams, limits.max_streams_per_address).map_err(|refused| {
        AppError::TooManyStreams(match refused {
            StreamRefused::Total(n) => locale.t_args("error-streams-total", &[("n", Arg::Num(n as i64))]),
            StreamRefused::PerAddress(n) => locale.t_args("error-streams-address", &[("n", Arg::Num(n as i64))]),
        })
    })
}

/// The stream: `first`, then the channel's messages. The permit travels with it and gives
/// its place back when the watcher leaves.
pub fn stream(first: String, receiver: Receiver<Arc<str>>, permit: StreamPermit) -> HttpResponse {
    stream_mapped(first, receiver, permit, |message| Some(shared(message)))
}

/// A channel's message as bytes to send, shared (not copied) by every stream that sends it: a
/// live board's change goes to each of its watchers.
pub fn shared(message: &Arc<str>) -> web::Bytes {
    struct Shared(Arc<str>);
    impl AsRef<[u8]> for Shared {
        fn as_ref(&self) -> &[u8] {
            self.0.as_bytes()
        }
    }
    web::Bytes::from_owner(Shared(message.clone()))
}

/// [`stream`], each message of the channel sent as `map` writes it (skipped when it gives
/// nothing): the read API serves its own form of a live page's messages.
pub fn stream_mapped(
    first: String,
    receiver: Receiver<Arc<str>>,
    permit: StreamPermit,
    map: fn(&Arc<str>) -> Option<web::Bytes>,
) -> HttpResponse {
    stream_merged(first, vec![receiver], permit, map)
}

/// [`stream_mapped`] of several channels as one stream (a round's boards in one embed): their
/// messages as they come, until every channel has closed.
pub fn stream_merged(
    first: String,
    receivers: Vec<Receiver<Arc<str>>>,
    permit: StreamPermit,
    map: fn(&Arc<str>) -> Option<web::Bytes>,
) -> HttpResponse {
    let messages = futures_util::stream::select_all(receivers.into_iter().map(|r| Box::pin(messages_of(r))));
    let stream = futures_util::stream::unfold(
        (Some(first), messages, permit),
        move |(first, mut messages, permit)| async move {
            if let Some(first) = first {
                return Some((Ok::<_, actix_web::Error>(web::Bytes::from(first)), (None, messages, permit)));
            }
            loop {
                match tokio::time::timeout(Duration::from_secs(15), messages.next()).await {
                    Ok(Some(message)) => {
                        let Some(sent) = map(&message) else { continue };
                        return Some((Ok(sent), (None, messages, permit)));
                    }
                    Ok(None) => return None,
                    Err(_) => {
                        return Some((Ok(web::Bytes::from_static(b": keep-alive\n\n")), (None, messages, permit)));
                    }
                }
            }
        },
    );
    HttpResponse::Ok()
        .content_type("text/event-stream")
        // Not compressed: the compressor would hold events back.
        .insert_header(ContentEncoding::Identity)
        .insert_header(CacheControl(vec![CacheDirective::NoCache]))
        .streaming(stream)
}

/// A channel's messages until it closes; a watcher fallen behind skips to the newest (each
/// message says all there is to know anyway).
fn messages_of(receiver: Receiver<Arc<str>>) -> impl futures_util::Stream<Item = Arc<str>> {
    futures_util::stream::unfold(receiver, |mut receiver| async move {
        loop {
            match receiver.recv().await {
                Ok(message) => return Some((message, receiver)),
                Err(RecvError::Lagged(_)) => continue,
                Err(RecvError::Closed) => return None,
            }
        }
    })
}
