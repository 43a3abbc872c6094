//! Outgoing mail through lettre. By default every message is written to the outbox folder in
//! the data folder, so a club without a mail server still sees each one; SMTP (STARTTLS,
//! implicit TLS, or plain on loopback) when configured.
use anyhow::Context;
use lettre::message::{Mailbox, header::ContentType};
use lettre::transport::smtp::authentication::Credentials;
use lettre::{AsyncFileTransport, AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};

use crate::config::{MailTransport, Settings, SmtpTls};

#[derive(Debug, Clone)]
pub struct Mail {
    pub to: String,
    pub subject: String,
    pub body: String,
    /// A page of the app the mail leads to, as a path ("/events/1/disputes/2"): sent as the
    /// full address under the configured public address, on its own line after the body, so
    /// that a mail written where no request is at hand (in a transaction) still links.
    pub link: Option<String>,
}

impl Mail {
    /// A mail in `language` (an account's own: services say what a mail tells, by its locale
    /// keys; here it is put into words).
    pub fn said(
        to: &str,
        language: crate::i18n::Locale,
        subject: &crate::domain::message::Message,
        body: &crate::domain::message::Message,
    ) -> Mail {
        Mail { to: to.to_string(), subject: language.message(subject), body: language.message(body), link: None }
    }
}

#[derive(Clone)]
pub struct Mailer {
    from: Mailbox,
    backend: Backend,
    /// The public address links in mails start with (`server.base_url`).
    base_url: String,
}

#[derive(Clone)]
enum Backend {
    Smtp(AsyncSmtpTransport<Tokio1Executor>),
    File(AsyncFileTransport<Tokio1Executor>, std::path::PathBuf),
}

impl Mailer {
    pub fn from_settings(settings: &Settings) -> anyhow::Result<Mailer> {
        let from: Mailbox = settings
            .mail
            .from
            .parse()
            .with_context(|| format!("mail.from {:?} is not an address", settings.mail.from))?;
        let backend = match settings.mail.transport {
            MailTransport::File => {
                let dir = settings.outbox_dir();
                std::fs::create_dir_all(&dir).with_context(|| format!("creating the outbox {}", dir.display()))?;
                Backend::File(AsyncFileTransport::<Tokio1Executor>::new(&dir), dir)
            }
            MailTransport::Smtp => {
                let smtp = &settings.mail.smtp;
                let builder = match smtp.tls {
                    SmtpTls::None => AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous(&smtp.host),
                    SmtpTls::Starttls => AsyncSmtpTransport::<Tokio1Executor>::starttls_relay(&smtp.host)
                        .context("setting up STARTTLS")?,
                    SmtpTls::Tls => {
                        AsyncSmtpTransport::<Tokio1Executor>::relay(&smtp.host).context("setting up TLS")?
                    }
                };
                let mut builder = builder.port(smtp.port);
                if !smtp.username.is_empty() {
                    builder = builder.credentials(Credentials::new(smtp.username.clone(), smtp.password.clone()));
                }
                Backend::Smtp(builder.build())
            }
        };
        Ok(Mailer { from, backend, base_url: settings.server.base_url.trim_end_matches('/').to_string() })
    }

    /// The mail's text as sent: its body, then its link as a full address.
    pub fn body_of(&self, mail: &Mail) -> String {
        match &mail.link {
            Some(path) => format!("{}\n\n{}{path}\n", mail.body.trim_end(), self.base_url),
            None => mail.body.clone(),
        }
    }

    /// Where file mail goes, when that is the transport.
    pub fn outbox(&self) -> Option<&std::path::Path> {
        match &self.backend {
            Backend::File(_, dir) => Some(dir),
            Backend::Smtp(_) => None,
        }
    }

    pub async fn send(&self, mail: &Mail) -> anyhow::Result<()> {
        let to: Mailbox = mail.to.parse().with_context(|| format!("{:?} is not a mail address", mail.to))?;
        let message = Message::builder()
            .from(self.from.clone())
            .to(to)
            .subject(mail.subject.clone())
            .header(ContentType::TEXT_PLAIN)
            .body(self.body_of(mail))
            .context("building the message")?;
        match &self.backend {
            Backend::Smtp(transport) => {
                transport.send(message).await.context("sending through SMTP")?;
            }
            Backend::File(transport, _) => {
                transport.send(message).await.context("writing to the outbox")?;
            }
        }
        Ok(())
    }

    /// Sends after the request has been answered (account mails, whose timing must not reveal
    /// whether an account exists). Failures are logged.
    pub fn send_in_background(&self, mails: Vec<Mail>) {
        let mailer = self.clone();
        tokio::spawn(async move {
            mailer.send_all(&mails).await;
        });
    }

    /// Sends each message; a failure is logged and counted, never fatal, because the state
    /// change that caused the mail has already been committed.
    pub async fn send_all(&self, mails: &[Mail]) -> usize {
        let mut failed = 0;
        for mail in mails {
            if let Err(error) = self.send(mail).await {
                failed += 1;
                tracing::warn!(error = format!("{error:#}"), "a message could not be sent");
            }
        }
        failed
    }
}
