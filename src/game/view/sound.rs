//! Sound from the shot's events: the cue's tap, clicks of ball on ball, thumps on cushions and
//! the rattle of a drop into a pocket, each louder for a harder hit (its impulse). The sounds
//! are synthesised here as WAV data at start-up (no sample files). `m` mutes (the input layer sets [`Muted`]). Without an audio
//! device bevy's audio only logs a warning: the game goes on silent.

use std::f32::consts::TAU;
use std::sync::Arc;

use bevy::audio::Volume;
use bevy::prelude::*;

use crate::game::GameSystems;
use crate::game::model::playback::{ShotSound, SoundKind};

/// Sound off.
#[derive(Resource, Debug, Default)]
pub struct Muted(pub bool);

#[derive(Resource)]
struct Sounds {
    cue: Handle<AudioSource>,
    click: Handle<AudioSource>,
    thump: Handle<AudioSource>,
    drop: Handle<AudioSource>,
}

const RATE: u32 = 44_100;

pub(in crate::game) fn plugin(app: &mut App) {
    app.init_resource::<Muted>()
        .add_systems(Startup, make_sounds)
        .add_systems(Update, play.in_set(GameSystems::Show));
}

/// A mono 16-bit PCM WAV file of `samples` (-1 to 1).
pub fn wav(samples: &[f32]) -> Vec<u8> {
    let data_len = (samples.len() * 2) as u32;
    let mut out = Vec::with_capacity(44 + data_len as usize);
    out.extend_from_slice(b"RIFF");
    out.extend_from_slice(&(36 + data_len).to_le_bytes());
    out.extend_from_slice(b"WAVEfmt ");
    out.extend_from_slice(&16u32.to_le_bytes());
    out.extend_from_slice(&1u16.to_le_bytes()); // PCM
    out.extend_from_slice(&1u16.to_le_bytes()); // mono
    out.extend_from_slice(&RATE.to_le_bytes());
    out.extend_from_slice(&(RATE * 2).to_le_bytes());
    out.extend_from_slice(&2u16.to_le_bytes());
    out.extend_from_slice(&16u16.to_le_bytes());
    out.extend_from_slice(b"data");
    out.extend_from_slice(&data_len.to_le_bytes());
    for s in samples {
        let v = (s.clamp(-1.0, 1.0) * i16::MAX as f32) as i16;
        out.extend_from_slice(&v.to_le_bytes());
    }
    out
}

/// A small deterministic noise source.
fn noise(state: &mut u32) -> f32 {
    *state ^= *state << 13;
    *state ^= *state >> 17;
    *state ^= *state << 5;
    (*state as f32 / u32::MAX as f32) * 2.0 - 1.0
}

/// Decaying partials plus a burst of noise: (frequency Hz, amplitude, decay time s).
fn strike(len_s: f32, partials: &[(f32, f32, f32)], noise_amp: f32, noise_decay: f32) -> Vec<f32> {
    let n = (len_s * RATE as f32) as usize;
    let mut seed = 0x2545_f491;
    (0..n)
        .map(|i| {
            let t = i as f32 / RATE as f32;
            let tone: f32 = partials
                .iter()
                .map(|&(f, a, d)| a * (TAU * f * t).sin() * (-t / d).exp())
                .sum();
            let attack = (t / 0.0005).min(1.0);
            attack * (tone + noise_amp * noise(&mut seed) * (-t / noise_decay).exp())
        })
        .collect()
}

/// The four sounds.
pub fn synthesise() -> [Vec<f32>; 4] {
    let cue = strike(
        0.06,
        &[(1800.0, 0.3, 0.008), (900.0, 0.2, 0.012)],
        0.4,
        0.004,
    );
    // Phenolic balls: a bright click.
    let click = strike(
        0.08,
        &[
            (3600.0, 0.5, 0.01),
            (5200.0, 0.25, 0.006),
            (2100.0, 0.2, 0.015),
        ],
        0.3,
        0.002,
    );
    // Rubber and wood: a dull thump.
    let thump = strike(0.15, &[(110.0, 0.7, 0.05), (240.0, 0.3, 0.03)], 0.2, 0.01);
    // A drop: knocks on the pocket's liner, each softer.
    let mut drop = vec![0.0f32; (0.4 * RATE as f32) as usize];
    for (k, at) in [0.0f32, 0.09, 0.16, 0.21].iter().enumerate() {
        let knock = strike(
            0.12,
            &[(180.0 + 40.0 * k as f32, 0.6, 0.03), (420.0, 0.2, 0.02)],
            0.2,
            0.008,
        );
        let start = (at * RATE as f32) as usize;
        let gain = 0.7f32.powi(k as i32);
        for (i, s) in knock.iter().enumerate() {
            if let Some(d) = drop.get_mut(start + i) {
                *d += gain * s;
            }
        }
    }
    [cue, click, thump, drop]
}

fn make_sounds(mut commands: Commands, mut sources: ResMut<Assets<AudioSource>>) {
    let [cue, click, thump, drop] = synthesise();
    let mut add = |s: &[f32]| {
        sources.add(AudioSource {
            bytes: Arc::from(wav(s)),
        })
    };
    commands.insert_resource(Sounds {
        cue: add(&cue),
        click: add(&click),
        thump: add(&thump),
        drop: add(&drop),
    });
}

/// Loudness from a contact's impulse (N s): a break's hit on the rack (about 1.7 N s) is full,
/// a soft touch faint.
pub fn loudness(kind: SoundKind, impulse: f64) -> f32 {
    let full = match kind {
        SoundKind::Cue => 1.7,
        SoundKind::BallBall => 1.0,
        SoundKind::Cushion => 0.8,
        SoundKind::Pocket => 0.1,
    };
    ((impulse / full).sqrt() as f32).clamp(0.03, 1.0)
}

fn play(
    mut commands: Commands,
    mut events: MessageReader<ShotSound>,
    muted: Res<Muted>,
    sounds: Option<Res<Sounds>>,
) {
    let Some(sounds) = sounds else {
        events.clear();
        return;
    };
    // Many contacts in one frame (the break) would only pile up: the loudest few of each kind.
    let mut frame: Vec<ShotSound> = events.read().copied().collect();
    if muted.0 {
        return;
    }
    frame.sort_by(|a, b| b.impulse.total_cmp(&a.impulse));
    frame.truncate(6);
    for s in frame {
        let handle = match s.kind {
            SoundKind::Cue => sounds.cue.clone(),
            SoundKind::BallBall => sounds.click.clone(),
            SoundKind::Cushion => sounds.thump.clone(),
            SoundKind::Pocket => sounds.drop.clone(),
        };
        commands.spawn((
            AudioPlayer::new(handle),
            PlaybackSettings::DESPAWN.with_volume(Volume::Linear(loudness(s.kind, s.impulse))),
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sounds_are_audible_and_die_away() {
        for (i, s) in synthesise().iter().enumerate() {
            let peak = s.iter().fold(0.0f32, |m, v| m.max(v.abs()));
            assert!((0.05..=1.5).contains(&peak), "sound {i}: peak {peak}");
            let n = s.len() / 10;
            let rms = |x: &[f32]| (x.iter().map(|v| v * v).sum::<f32>() / x.len() as f32).sqrt();
            assert!(
                rms(&s[s.len() - n..]) < 0.2 * rms(&s[..n]),
                "sound {i} does not die away"
            );
        }
    }

    #[test]
    fn a_wav_file_has_its_header_and_every_sample() {
        let samples = [0.0, 0.5, -0.5, 1.0, -1.0];
        let w = wav(&samples);
        assert_eq!(&w[..4], b"RIFF");
        assert_eq!(&w[8..16], b"WAVEfmt ");
        assert_eq!(u32::from_le_bytes(w[24..28].try_into().unwrap()), RATE);
        assert_eq!(u32::from_le_bytes(w[40..44].try_into().unwrap()), 10);
        assert_eq!(w.len(), 44 + 10);
        assert_eq!(i16::from_le_bytes([w[50], w[51]]), i16::MAX);
    }

    #[test]
    fn a_harder_hit_is_louder() {
        let soft = loudness(SoundKind::BallBall, 0.05);
        let hard = loudness(SoundKind::BallBall, 0.8);
        assert!(soft < hard && hard <= 1.0 && soft >= 0.03);
    }
}
