//! Touch (a phone or a tablet), as the mouse plays: one finger is the left button at the
//! finger's place, so a tap on a ball calls it, a tap on a pocket calls the pocket, a drag
//! from behind the cue ball turns the cue (overhead, the cue points at the finger), and the
//! cue ball in hand goes where it is dragged; two fingers move the framed views as the wheel
//! and the right button do: pinch to zoom, both fingers dragged together to orbit (the free
//! view's camera takes touches itself). The dock's buttons and sliders take touches through
//! egui. The finger's place is handed to the camera as the pointer (`Pointer::finger`), so
//! everything after it is the mouse's own code.

use bevy::input::InputSystems;
use bevy::input::touch::Touches;
use bevy::prelude::*;

use crate::game::Moment;
use crate::game::model::aim::Pointer;
use crate::game::view::camera::{CameraView, ViewChanges};

/// The finger that plays as the left button, while it is down.
#[derive(Resource, Debug, Default)]
pub struct Finger {
    id: Option<u64>,
    /// The two fingers' distance and midpoint last frame, while two are down.
    pair: Option<(f32, Vec2)>,
}

/// A pinch that halves the fingers' distance zooms out as many wheel notches as this.
const NOTCHES_PER_HALVING: f32 = 6.6;

pub(in crate::game) fn plugin(app: &mut App) {
    app.init_resource::<Finger>().add_systems(
        PreUpdate,
        (finger_as_left_button, two_fingers)
            .chain()
            .after(InputSystems)
            .before(crate::game::view::camera::pointer),
    );
}

/// One finger down: the left button pressed where it is; lifted: released there. A second
/// finger ends the first's press (the two then move the view).
pub fn finger_as_left_button(
    touches: Option<Res<Touches>>,
    mut finger: ResMut<Finger>,
    mut buttons: ResMut<ButtonInput<MouseButton>>,
    mut pointer: ResMut<Pointer>,
) {
    let Some(touches) = touches else {
        return;
    };
    let down: Vec<&bevy::input::touch::Touch> = touches.iter().collect();
    if let Some(id) = finger.id {
        let lifted = touches
            .get_released(id)
            .or_else(|| touches.iter_just_canceled().find(|t| t.id() == id));
        if let Some(t) = lifted {
            pointer.finger = Some(t.position());
            buttons.release(MouseButton::Left);
            finger.id = None;
        } else if down.len() > 1 {
            buttons.release(MouseButton::Left);
            finger.id = None;
        } else if let Some(t) = touches.get_pressed(id) {
            pointer.finger = Some(t.position());
        }
        return;
    }
    if let [t] = down.as_slice()
        && touches.just_pressed(t.id())
    {
        finger.id = Some(t.id());
        pointer.finger = Some(t.position());
        buttons.press(MouseButton::Left);
    } else if let Some(t) = down
        .is_empty()
        .then(|| {
            touches
                .iter_just_released()
                .find(|t| touches.just_pressed(t.id()))
        })
        .flatten()
    {
        // A tap quicker than a frame (a slow frame on a phone): down and lifted at once, a
        // click where the finger was.
        pointer.finger = Some(t.position());
        buttons.press(MouseButton::Left);
        buttons.release(MouseButton::Left);
    } else if down.is_empty() {
        pointer.finger = None;
    }
}

/// Two fingers down: their pinch zooms the framed view, their common motion orbits it.
pub fn two_fingers(
    touches: Option<Res<Touches>>,
    mut finger: ResMut<Finger>,
    view: Res<CameraView>,
    moment: Moment,
    windows: Query<&Window>,
    mut changes: ResMut<ViewChanges>,
) {
    let Some(touches) = touches else {
        return;
    };
    let down: Vec<Vec2> = touches.iter().map(|t| t.position()).collect();
    let [a, b] = down.as_slice() else {
        finger.pair = None;
        return;
    };
    let now = (a.distance(*b), (*a + *b) / 2.0);
    let before = finger.pair.replace(now);
    let (Some((d0, m0)), Some(change)) = (before, changes.get_mut(*view, moment.at_rest())) else {
        return;
    };
    change.notches += pinch_notches(d0, now.0);
    let size = windows.single().map_or(Vec2::new(1280.0, 720.0), |w| {
        Vec2::new(w.width(), w.height())
    });
    change.orbit(now.1 - m0, size);
}

/// Wheel notches for fingers that went from `before` to `now` apart (pixels): spreading them
/// zooms in, as the wheel rolled forward does.
pub fn pinch_notches(before: f32, now: f32) -> f32 {
    if before < 1.0 || now < 1.0 {
        return 0.0;
    }
    (now / before).log2() * NOTCHES_PER_HALVING
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spreading_two_fingers_zooms_in_and_pinching_zooms_out_as_far() {
        assert!(pinch_notches(100.0, 200.0) > 0.0);
        assert_eq!(pinch_notches(100.0, 200.0), -pinch_notches(200.0, 100.0));
        // Doubling the fingers' distance brings the camera about half as far (0.9 a notch).
        let r = crate::game::view::camera::zoomed(2.0, pinch_notches(100.0, 200.0), 0.1, 10.0);
        assert!((r - 1.0).abs() < 0.05, "{r}");
        assert_eq!(pinch_notches(0.0, 50.0), 0.0);
    }
}
