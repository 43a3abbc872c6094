//! argon2id password hashing. Hashing is CPU-bound, so it runs on the blocking pool.
use anyhow::Context;
use argon2::Argon2;
use argon2::password_hash::{PasswordHasher, PasswordVerifier, phc::PasswordHash};

use std::sync::OnceLock;

/// A hash to verify against for an unknown account, so a login for a missing user costs the
/// same time as one for a real user and does not reveal which addresses have accounts.
fn dummy_hash() -> &'static str {
    static DUMMY: OnceLock<String> = OnceLock::new();
    DUMMY.get_or_init(|| {
        Argon2::default().hash_password(b"no account has this password").map(|phc| phc.to_string()).unwrap_or_default()
    })
}

pub async fn hash(password: String) -> anyhow::Result<String> {
    tokio::task::spawn_blocking(move || {
        Argon2::default()
            .hash_password(password.as_bytes())
            .map(|phc| phc.to_string())
            .map_err(|e| anyhow::anyhow!("hashing failed: {e}"))
    })
    .await
    .context("the hashing task failed")?
}

/// Checks `password` against `stored` (or against a dummy hash when there is no account).
pub async fn verify(password: String, stored: Option<String>) -> anyhow::Result<bool> {
    let has_account = stored.is_some();
    let ok = tokio::task::spawn_blocking(move || {
        let phc = stored.unwrap_or_else(|| dummy_hash().to_string());
        let Ok(parsed) = PasswordHash::new(&phc) else {
            return false;
        };
        Argon2::default().verify_password(password.as_bytes(), &parsed).is_ok()
    })
    .await
    .context("the verification task failed")?;
    Ok(ok && has_account)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_password_verifies_against_its_own_hash_only() {
        let phc = hash("correct horse battery".into()).await.unwrap_or_default();
        assert!(phc.starts_with("$argon2id$"), "{phc}");
        assert!(!phc.contains("correct horse"));
        assert!(verify("correct horse battery".into(), Some(phc.clone())).await.unwrap_or(false));
        assert!(!verify("wrong horse battery".into(), Some(phc)).await.unwrap_or(true));
        assert!(!verify("anything".into(), None).await.unwrap_or(true));
    }
}
