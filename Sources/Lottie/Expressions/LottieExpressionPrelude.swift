/// The helper library expressions run with, as lottie-web and After Effects give it: time and
/// the property (`time`, `value`, `thisProperty`, keys, `valueAtTime`, `velocityAtTime`,
/// `loopIn`/`loopOut`), the layer and composition (`thisLayer`, `thisComp`, `index`,
/// `hasParent`, `inPoint`, `outPoint`), interpolation (`linear`, `ease`, `easeIn`, `easeOut`, `clamp`), vector maths
/// (`add`, `sub`, `mul`, `div`, `length`, `normalize` and Bodymovin's `sum`, `$bm_neg`, …),
/// time conversions, and random numbers and `wiggle` seeded per property, so that a render is
/// the same on every run, resume and shard. Other layers, effects and shape contents are not
/// read yet: an expression that asks for them throws, and its property keeps its keyframes.
enum LottieExpressionPrelude {
    static let source = #"""
var __keys = [], __seed = 1, __frameRate = 30, __layer = {}, __comp = {}, __expressions = [];
var time = 0, value = 0;
function __copy(v) { return (v instanceof Array) ? v.slice() : v; }
function __map2(a, b, f) {
    if (a instanceof Array && b instanceof Array) {
        var n = Math.max(a.length, b.length), r = [];
        for (var i = 0; i < n; i++) r.push(f(i < a.length ? a[i] : 0, i < b.length ? b[i] : 0));
        return r;
    }
    if (a instanceof Array) return a.map(function (x) { return f(x, b); });
    if (b instanceof Array) return b.map(function (y) { return f(a, y); });
    return f(a, b);
}
function add(a, b) { return (typeof a === 'string' || typeof b === 'string') ? a + b : __map2(a, b, function (x, y) { return x + y; }); }
function sub(a, b) { return __map2(a, b, function (x, y) { return x - y; }); }
function mul(a, b) { return __map2(a, b, function (x, y) { return x * y; }); }
function div(a, b) { return __map2(a, b, function (x, y) { return x / y; }); }
function mod(a, b) { return __map2(a, b, function (x, y) { return x % y; }); }
var sum = add, $bm_sum = add, $bm_sub = sub, $bm_mul = mul, $bm_div = div, $bm_mod = mod;
function $bm_neg(a) { return (a instanceof Array) ? a.map(function (x) { return -x; }) : -a; }
function $bm_isInstanceOfArray(a) { return a instanceof Array; }
function clamp(v, lo, hi) {
    if (lo > hi) { var t = lo; lo = hi; hi = t; }
    return __map2(v, 0, function (x) { return Math.min(Math.max(x, lo), hi); });
}
function length(a, b) {
    if (b !== undefined) a = sub(a, b);
    if (!(a instanceof Array)) return Math.abs(a);
    var s = 0; for (var i = 0; i < a.length; i++) s += a[i] * a[i];
    return Math.sqrt(s);
}
function normalize(a) { var l = length(a); return l === 0 ? mul(a, 0) : div(a, l); }
function dot(a, b) { var s = 0; for (var i = 0; i < Math.min(a.length, b.length); i++) s += a[i] * b[i]; return s; }
function cross(a, b) { return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]; }
function degreesToRadians(d) { return d * Math.PI / 180; }
function radiansToDegrees(r) { return r * 180 / Math.PI; }
function framesToTime(f, fps) { return f / (fps || __frameRate); }
function timeToFrames(t, fps) { return Math.round((t === undefined ? time : t) * (fps || __frameRate)); }
// A cubic Bézier easing from (0, 0) to (1, 1) with handles (x1, y1) and (x2, y2), at x.
function __bezier(x1, y1, x2, y2, x) {
    function at(a, b, s) { return 3 * a * s * (1 - s) * (1 - s) + 3 * b * s * s * (1 - s) + s * s * s; }
    var lo = 0, hi = 1;
    for (var i = 0; i < 40; i++) { var mid = (lo + hi) / 2; if (at(x1, x2, mid) < x) lo = mid; else hi = mid; }
    return at(y1, y2, (lo + hi) / 2);
}
// linear(t, tMin, tMax, v1, v2) or linear(t, v1, v2) with t in 0…1, eased by `shape`.
function __interpolate(shape, t, a, b, c, d) {
    var tMin = a, tMax = b, v1 = c, v2 = d;
    if (c === undefined) { tMin = 0; tMax = 1; v1 = a; v2 = b; }
    if (tMin > tMax) { var s = tMin; tMin = tMax; tMax = s; s = v1; v1 = v2; v2 = s; }
    var p = tMax === tMin ? (t >= tMax ? 1 : 0) : Math.min(Math.max((t - tMin) / (tMax - tMin), 0), 1);
    p = shape(p);
    return __map2(v1, v2, function (x, y) { return x + (y - x) * p; });
}
function linear(t, a, b, c, d) { return __interpolate(function (p) { return p; }, t, a, b, c, d); }
function ease(t, a, b, c, d) { return __interpolate(function (p) { return __bezier(0.333, 0, 0.667, 1, p); }, t, a, b, c, d); }
function easeIn(t, a, b, c, d) { return __interpolate(function (p) { return __bezier(0.333, 0, 1, 1, p); }, t, a, b, c, d); }
function easeOut(t, a, b, c, d) { return __interpolate(function (p) { return __bezier(0, 0, 0.667, 1, p); }, t, a, b, c, d); }
// Random numbers: a hash of the property's seed, the seed given to seedRandom and (unless
// timeless) the frame, so the same property draws the same numbers at the same time.
var __randomSeed = 0, __timeless = false, __state = 0;
function __imul(a, b) {
    var ah = (a >>> 16) & 0xffff, al = a & 0xffff, bh = (b >>> 16) & 0xffff, bl = b & 0xffff;
    return ((al * bl) + (((ah * bl + al * bh) << 16) >>> 0)) | 0;
}
function __hash(a, b) {
    var h = (a ^ 0x9e3779b9) >>> 0;
    h = __imul(h ^ (b >>> 0), 0x85ebca6b) >>> 0; h ^= h >>> 13;
    h = __imul(h, 0xc2b2ae35) >>> 0; h ^= h >>> 16;
    return h >>> 0;
}
function __restartRandom() { __state = __hash(__hash(__seed, __randomSeed), __timeless ? 0 : Math.round(time * __frameRate * 16)); }
function __next() {
    __state = (__state + 0x6D2B79F5) >>> 0;
    var t = __state;
    t = __imul(t ^ (t >>> 15), t | 1);
    t ^= t + __imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
function seedRandom(seed, timeless) { __randomSeed = Math.floor(seed) | 0; __timeless = !!timeless; __restartRandom(); }
function random(a, b) {
    if (a === undefined) return __next();
    if (b === undefined) return __map2(a, 0, function (x) { return x * __next(); });
    return __map2(a, b, function (x, y) { return x + (y - x) * __next(); });
}
function gaussRandom(a, b) {
    var g = Math.sqrt(-2 * Math.log(1 - __next())) * Math.cos(2 * Math.PI * __next()) / 3;
    g = Math.min(Math.max(g, -1), 1) * 0.5 + 0.5;
    if (a === undefined) return g;
    if (b === undefined) return mul(a, g);
    return __map2(a, b, function (x, y) { return x + (y - x) * g; });
}
// Smooth noise in -1…1 of `x` for dimension `d` and octave `o`: random values at whole numbers,
// eased between them; the same for the same seed whatever the time.
function __noise(x, d, o) {
    var k = Math.floor(x), f = x - k;
    function knot(n) { return __hash(__hash(__hash(__seed, 7919 + d), o), n | 0) / 2147483648 - 1; }
    var s = f * f * (3 - 2 * f);
    return knot(k) + (knot(k + 1) - knot(k)) * s;
}
function wiggle(freq, amp, octaves, ampMult, t) {
    if (octaves === undefined) octaves = 1;
    if (ampMult === undefined) ampMult = 0.5;
    if (t === undefined) t = time;
    var base = __valueAtSeconds(t);
    function offset(d) {
        var total = 0, a = amp, f = freq;
        for (var o = 0; o < Math.max(1, Math.min(Math.floor(octaves), 10)); o++) { total += a * __noise(t * f, d, o); a *= ampMult; f *= 2; }
        return total;
    }
    if (base instanceof Array) return base.map(function (v, d) { return v + offset(d); });
    return base + offset(0);
}
function __valueAtSeconds(t) { return __valueAt(t * __frameRate); }
function valueAtTime(t) { return __valueAtSeconds(t); }
function velocityAtTime(t) {
    var h = 0.001;
    return div(sub(__valueAtSeconds(t + h), __valueAtSeconds(t - h)), 2 * h);
}
function key(n) {
    var k = __keys[Math.floor(n) - 1];
    if (k === undefined) throw new RangeError('no key ' + n + ' (the property has ' + __keys.length + ')');
    var result = { time: k[0] / __frameRate, index: Math.floor(n), value: __copy(k[1]) };
    if (k[1] instanceof Array) for (var i = 0; i < k[1].length; i++) result[i] = k[1][i];
    return result;
}
function nearestKey(t) {
    if (__keys.length === 0) throw new RangeError('the property has no keys');
    var best = 0;
    for (var i = 1; i < __keys.length; i++) if (Math.abs(__keys[i][0] / __frameRate - t) < Math.abs(__keys[best][0] / __frameRate - t)) best = i;
    return key(best + 1);
}
// loopOut and loopIn, as lottie-web loops keyframes: over the last (first) `count` keys, or all.
function __loop(out, type, count) {
    type = (type || 'cycle').toLowerCase();
    if (__keys.length < 2) return __copy(value);
    var frame = time * __frameRate, last = __keys.length - 1;
    count = Math.floor(count || 0);
    var span = (count <= 0 || count > last) ? last : count;
    var first = out ? __keys[last - span][0] : __keys[0][0], end = out ? __keys[last][0] : __keys[span][0];
    var duration = end - first;
    if (out ? frame <= end : frame >= first) return __copy(value);
    if (duration <= 0) return __copy(value);
    var into = out ? frame - first : end - frame, cycles = Math.floor(into / duration), rest = into - cycles * duration;
    if (type === 'continue') {
        var edge = out ? end : first, h = 0.01;
        var v = __valueAt(edge), w = __valueAt(out ? edge - h : edge + h);
        return add(v, mul(sub(v, w), (out ? frame - edge : edge - frame) / h));
    }
    var local = out ? first + rest : end - rest;
    if (type === 'pingpong' && cycles % 2 === 1) local = out ? end - rest : first + rest;
    var result = __valueAt(local);
    if (type === 'offset') {
        var change = sub(__valueAt(end), __valueAt(first));
        result = out ? add(result, mul(change, cycles)) : sub(result, mul(change, cycles + 1));
    }
    return result;
}
function loopOut(type, count) { return __loop(true, type, count); }
function loopIn(type, count) { return __loop(false, type, count); }
function loopOutDuration(type, d) { return loopOut(type); }
function loopInDuration(type, d) { return loopIn(type); }
function __notYet(what) { return function () { throw new Error(what + ' are not read by expressions yet'); }; }
var thisProperty = {
    valueAtTime: valueAtTime, velocityAtTime: velocityAtTime, key: key, nearestKey: nearestKey,
    loopIn: loopIn, loopOut: loopOut, wiggle: wiggle, propertyGroup: __notYet('property groups')
};
var thisLayer = { content: __notYet('shape contents'), effect: __notYet('effects') };
var thisComp = { layer: __notYet("other layers' properties") };
var comp = __notYet('other compositions'), footage = __notYet('footage'), effect = thisLayer.effect, content = thisLayer.content;
// Sets the property the next evaluations are of: its keys [[frame, value]…], the seed of its
// random numbers, and its layer and composition.
function __setProperty(json) {
    var p = JSON.parse(json);
    __keys = p.keys; __seed = p.seed >>> 0; __frameRate = p.frameRate;
    numKeys = __keys.length;
    thisLayer.name = p.layer.name; thisLayer.index = index = p.layer.index; thisLayer.hasParent = hasParent = p.layer.hasParent;
    thisLayer.inPoint = inPoint = p.layer.inPoint; thisLayer.outPoint = outPoint = p.layer.outPoint;
    thisLayer.startTime = p.layer.startTime;
    thisComp.width = p.comp.width; thisComp.height = p.comp.height; thisComp.frameDuration = 1 / p.frameRate;
    thisComp.duration = p.comp.duration; thisComp.numLayers = p.comp.numLayers;
    return 0;
}
var numKeys = 0, inPoint = 0, outPoint = 0, index = 0, hasParent = false;
// The value of expression `id` at composition frame `frame`.
function __evaluate(argument) {
    var parts = argument.split(' ');
    var id = parseInt(parts[0], 10), frame = parseFloat(parts[1]);
    time = frame / __frameRate;
    value = __valueAt(frame);
    thisProperty.value = __copy(value); thisProperty.numKeys = numKeys;
    __randomSeed = 0; __timeless = false; __restartRandom();
    var result = __expressions[id]();
    if (typeof result === 'boolean') return result ? 1 : 0;
    if (result instanceof Array && result.length === 1 && (value instanceof Array) === false) return result[0];
    return result;
}
"""#
}
