//! Screenshots read back for the rendering tests (native and in the browser): pixels, the share
//! of a disc that passes a test, a ring's median colour, and colour measures (chroma, hue,
//! saturation) that lighting and tone mapping leave alone.

use std::path::Path;

#[derive(serde::Deserialize)]
/// Where the balls and bare cloth are in a screenshot (the game's own map of it).
pub struct PictureMap {
    pub width: u32,
    pub height: u32,
    pub balls: Vec<(u8, [f32; 2])>,
    pub radius_px: f32,
    pub cloth: Vec<[f32; 2]>,
    pub corners: Vec<[f32; 2]>,
    /// left, top, right, bottom
    pub free_area: [f32; 4],
    /// Pixels per logical (CSS) pixel.
    #[serde(default = "one")]
    pub scale: f32,
}

fn one() -> f32 {
    1.0
}

impl PictureMap {
    pub fn load(picture: &Path) -> PictureMap {
        let text = std::fs::read_to_string(picture.with_extension("json"))
            .unwrap_or_else(|e| panic!("{}: {e}", picture.display()));
        serde_json::from_str(&text).unwrap()
    }

    pub fn in_free_area(&self, p: [f32; 2]) -> bool {
        let [l, t, r, b] = self.free_area;
        p[0] >= l && p[0] <= r && p[1] >= t && p[1] <= b
    }
}

pub struct Picture {
    pub w: u32,
    pub h: u32,
    rgb: Vec<u8>,
}

impl Picture {
    pub fn load(path: &Path) -> Picture {
        let decoder =
            png::Decoder::new(std::io::BufReader::new(std::fs::File::open(path).unwrap()));
        let mut reader = decoder.read_info().unwrap();
        let mut buf = vec![0; reader.output_buffer_size().unwrap()];
        let info = reader.next_frame(&mut buf).unwrap();
        let channels = info.color_type.samples();
        let rgb = buf[..info.buffer_size()]
            .chunks(channels)
            .flat_map(|p| [p[0], p[1], p[2]])
            .collect();
        Picture {
            w: info.width,
            h: info.height,
            rgb,
        }
    }

    pub fn at(&self, x: i64, y: i64) -> Option<[f64; 3]> {
        if x < 0 || y < 0 || x >= self.w as i64 || y >= self.h as i64 {
            return None;
        }
        let i = (y as usize * self.w as usize + x as usize) * 3;
        Some([
            self.rgb[i] as f64,
            self.rgb[i + 1] as f64,
            self.rgb[i + 2] as f64,
        ])
    }

    /// Share of the pixels within `r` of `c` that pass `test`.
    pub fn share(&self, c: [f32; 2], r: f32, test: impl Fn([f64; 3]) -> bool) -> f64 {
        let (mut n, mut hit) = (0, 0);
        let ri = r.ceil() as i64;
        for dy in -ri..=ri {
            for dx in -ri..=ri {
                if ((dx * dx + dy * dy) as f32).sqrt() <= r
                    && let Some(p) = self.at(c[0].round() as i64 + dx, c[1].round() as i64 + dy)
                {
                    n += 1;
                    hit += test(p) as usize;
                }
            }
        }
        hit as f64 / n.max(1) as f64
    }

    /// Median colour of the pixels in a ring around `c` (radius r0 to r1): the ball's own colour
    /// without its highlight.
    pub fn ring(&self, c: [f32; 2], r0: f32, r1: f32) -> [f64; 3] {
        let mut px: Vec<[f64; 3]> = Vec::new();
        let r = r1.ceil() as i64;
        for dy in -r..=r {
            for dx in -r..=r {
                let d = ((dx * dx + dy * dy) as f32).sqrt();
                if d >= r0
                    && d <= r1
                    && let Some(p) = self.at(c[0].round() as i64 + dx, c[1].round() as i64 + dy)
                {
                    px.push(p);
                }
            }
        }
        assert!(!px.is_empty(), "no pixels around {c:?}");
        let mut out = [0.0; 3];
        for (k, o) in out.iter_mut().enumerate() {
            let mut v: Vec<f64> = px.iter().map(|p| p[k]).collect();
            v.sort_by(f64::total_cmp);
            *o = v[v.len() / 2];
        }
        out
    }
}

/// Colour direction, brightness removed.
pub fn chroma(c: [f64; 3]) -> [f64; 3] {
    let s = c[0] + c[1] + c[2] + 1.0;
    [c[0] / s, c[1] / s, c[2] / s]
}

/// HSV hue in degrees.
pub fn hue(c: [f64; 3]) -> f64 {
    let (max, min) = (c[0].max(c[1]).max(c[2]), c[0].min(c[1]).min(c[2]));
    let d = (max - min).max(1e-9);
    let h = if max == c[0] {
        (c[1] - c[2]) / d
    } else if max == c[1] {
        2.0 + (c[2] - c[0]) / d
    } else {
        4.0 + (c[0] - c[1]) / d
    };
    (h * 60.0).rem_euclid(360.0)
}

pub fn hue_gap(a: f64, b: f64) -> f64 {
    let d = (a - b).abs() % 360.0;
    d.min(360.0 - d)
}

/// HSV saturation.
pub fn saturation(c: [f64; 3]) -> f64 {
    let (max, min) = (c[0].max(c[1]).max(c[2]), c[0].min(c[1]).min(c[2]));
    if max <= 0.0 { 0.0 } else { (max - min) / max }
}

pub fn dist(a: [f64; 3], b: [f64; 3]) -> f64 {
    ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2) + (a[2] - b[2]).powi(2)).sqrt()
}
