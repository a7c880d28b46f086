//! The colours and the font tenball paints with: colours in sRGB, 0 to 255 (the game's balls and
//! cloth, the handout diagrams, and the rendering test that checks them); the font every plot
//! and diagram writes with (DejaVu Sans, built in, so a machine without fonts draws the same).

/// Each ball's main colour (sRGB), 0 the cue ball.
pub const BALL_COLOURS: [[u8; 3]; 11] = [
    [240, 238, 226], // cue ball
    [250, 200, 20],  // 1 yellow
    [20, 60, 190],   // 2 blue
    [215, 30, 30],   // 3 red
    [95, 35, 140],   // 4 purple
    [245, 110, 20],  // 5 orange
    [20, 130, 60],   // 6 green
    [130, 25, 30],   // 7 maroon
    [15, 15, 15],    // 8 black
    [250, 200, 20],  // 9 yellow stripe
    [20, 60, 190],   // 10 blue stripe
];

/// The cloth (a tournament green).
pub const CLOTH: [u8; 3] = [13, 107, 56];

#[cfg(not(target_arch = "wasm32"))]
static FONT: &[u8] = include_bytes!("../assets/fonts/DejaVuSans.ttf");

/// Makes the built-in font plotters' "sans-serif" (once; later calls do nothing). Not in the
/// web build, which draws no plots.
#[cfg(not(target_arch = "wasm32"))]
pub fn register_font() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let _ =
            plotters::style::register_font("sans-serif", plotters::style::FontStyle::Normal, FONT);
    });
}
