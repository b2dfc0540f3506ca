/// The helper library expressions run with, as lottie-web and After Effects give it: time and
/// the property (`time`, `value`, `thisProperty`, keys, `valueAtTime`, `velocityAtTime`,
/// `loopIn`/`loopOut`), the layer and composition (`thisLayer`, `thisComp`, `index`,
/// `hasParent`, `inPoint`, `outPoint`), interpolation (`linear`, `ease`, `easeIn`, `easeOut`, `clamp`), vector maths
/// (`add`, `sub`, `mul`, `div`, `length`, `normalize` and Bodymovin's `sum`, `$bm_neg`, …),
/// time conversions, random numbers and `wiggle` seeded per property, so that a render is
/// the same on every run, resume and shard, and the composition's layers with their transforms,
/// effects and shape contents (`thisComp.layer(…)`, `effect(…)(…)`, `content(…)`, `transform`,
/// `toComp`/`fromComp`), as lottie-web's expression interfaces give them, and paths (`path` of
/// a path item, `createPath`, `points()`…) for expressions on paths. Other compositions,
/// footage, masks and layers' drawn bounds are not read: an expression that asks for them
/// throws, and its property keeps its keyframes.
enum LottieExpressionPrelude {
    static let source = #"""
var __keys = [], __seed = 1, __frameRate = 30, __expressions = [];
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
function __valueAtSeconds(t) { var v = __valueAt(t * __frameRate); return __isShape ? __shape(v) : v; }
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
// The composition interfaces (lottie-web's LayerExpressionInterface, TransformExpressionInterface,
// EffectsExpressionInterface and ShapeExpressionInterface), built from a composition's
// description (`LottieExpressionScope`): a property is a reference [id, ix] read by `__property`.
var __comps = [], __comp = null, __reference = -1;
function __defineComposition(json) {
    var c = JSON.parse(json);
    c.interfaces = []; c.owners = {};
    __comps.push(c);
    return __comps.length - 1;
}
// `propertyGroup(n)` of an interface whose group's own is `parent`: itself at 0, its group's above.
function __propertyGroup(self, parent) {
    return function (n) { n = n === undefined ? 1 : n; return n <= 0 ? self : (parent ? parent(n - 1) : undefined); };
}
// A property read from an expression, as lottie-web gives it: its value now (a Number or an
// array) with value, valueAtTime, velocityAtTime, velocity, numKeys and propertyGroup.
function __read(ref, owner) {
    var id = ref[0], v = __property(id, time * __frameRate);
    var r = (v instanceof Array) ? v : new Number(v);
    r.value = __copy(v);
    r.valueAtTime = function (t) { return __property(id, t * __frameRate); };
    r.velocityAtTime = function (t) { var h = 0.001; return div(sub(r.valueAtTime(t + h), r.valueAtTime(t - h)), 2 * h); };
    Object.defineProperty(r, 'velocity', { get: function () { return r.velocityAtTime(time); } });
    r.numKeys = __keyCount(id);
    r.propertyGroup = function (n) { n = n === undefined ? 1 : n; return n <= 0 ? r : owner.propertyGroup(n - 1); };
    return r;
}
// Paths: Lottie's shape (`v` vertices, `i` and `o` tangents relative to them, `c` closed) with
// After Effects' path methods; in numbers as `LottieExpressionPaths` writes them.
var __isShape = false;
function createPath(points, inTangents, outTangents, isClosed) {
    var n = points.length;
    function zeros() { var z = []; for (var k = 0; k < n; k++) z.push([0, 0]); return z; }
    var p = { v: points, i: inTangents && inTangents.length ? inTangents : zeros(), o: outTangents && outTangents.length ? outTangents : zeros(),
              c: isClosed === undefined ? true : !!isClosed, __isPath: true };
    p.points = function () { return p.v; }; p.inTangents = function () { return p.i; };
    p.outTangents = function () { return p.o; }; p.isClosed = function () { return p.c; };
    return p;
}
function __shape(numbers) {
    var v = [], i = [], o = [];
    for (var k = 0; k < numbers[1]; k++) {
        var b = 2 + 6 * k;
        v.push([numbers[b], numbers[b + 1]]); i.push([numbers[b + 2], numbers[b + 3]]); o.push([numbers[b + 4], numbers[b + 5]]);
    }
    return createPath(v, i, o, numbers[0] !== 0);
}
function __encodeShape(p) {
    var r = [p.c ? 1 : 0, p.v.length];
    for (var k = 0; k < p.v.length; k++) r.push(p.v[k][0], p.v[k][1], p.i[k][0], p.i[k][1], p.o[k][0], p.o[k][1]);
    return r;
}
// A path read from an expression: the shape now, with valueAtTime and propertyGroup.
function __readShape(ref, owner) {
    var id = ref[0], r = __shape(__property(id, time * __frameRate));
    r.valueAtTime = function (t) { return __shape(__property(id, t * __frameRate)); };
    r.numKeys = __keyCount(id);
    r.propertyGroup = function (n) { n = n === undefined ? 1 : n; return n <= 0 ? r : owner.propertyGroup(n - 1); };
    return r;
}
// Gives `self` a getter for each of `table`'s rows [getter, key, names...] reading `refs[key]`,
// and returns a function finding a row's property by one of its names or its `ix`.
function __getters(self, table, refs, defaults) {
    var rows = [];
    table.forEach(function (row) {
        var ref = refs ? refs[row[1]] : undefined;
        if (ref) __comp.owners[ref[0]] = self;
        rows.push({ row: row, ref: ref });
        Object.defineProperty(self, row[0], { get: function () {
            if (ref) return row[1] === 'ks' ? __readShape(ref, self) : __read(ref, self);
            return defaults && defaults[row[1]] !== undefined ? __copy(defaults[row[1]]) : undefined;
        }, configurable: true });
    });
    return function (name) {
        for (var i = 0; i < rows.length; i++) {
            if (rows[i].row.indexOf(name, 2) >= 2 || (rows[i].ref && rows[i].ref[1] === name)) return self[rows[i].row[0]];
        }
        return undefined;
    };
}
function __name(self, d) {
    Object.defineProperty(self, '_name', { value: d.nm, configurable: true });
    Object.defineProperty(self, 'name', { value: d.nm, configurable: true });
    self.mn = d.mn; self.propertyIndex = d.ix;
}
var __layerTransform = [['anchorPoint', 'a', 'anchorPoint', 'AnchorPoint', 'Anchor Point', 'ADBE AnchorPoint', 1],
    ['position', 'p', 'position', 'Position', 'ADBE Position', 2], ['scale', 's', 'scale', 'Scale', 'ADBE Scale', 6],
    ['rotation', 'r', 'rotation', 'Rotation', 'ADBE Rotation', 'ADBE Rotate Z', 10], ['opacity', 'o', 'opacity', 'Opacity', 11],
    ['xRotation', 'rx', 'ADBE Rotate X'], ['yRotation', 'ry', 'ADBE Rotate Y'], ['zRotation', 'r'],
    ['xPosition', 'px', 'ADBE Position_0'], ['yPosition', 'py', 'ADBE Position_1'], ['zPosition', 'pz', 'ADBE Position_2'],
    ['skew', 'sk', 'Skew'], ['skewAxis', 'sa', 'Skew Axis'], ['orientation', 'or', 'Orientation']];
var __transformDefaults = { a: [0, 0, 0], p: [0, 0, 0], s: [100, 100, 100], r: 0, o: 100, rx: 0, ry: 0, px: 0, py: 0, pz: 0, sk: 0, sa: 0, or: [0, 0, 0] };
// A layer's transform: position from x, y (and z) when they are separate.
function __transform(refs, parent) {
    var self = function (name) { return find(name); };
    var find = __getters(self, __layerTransform, refs, __transformDefaults);
    if (!refs.p && refs.px) {
        Object.defineProperty(self, 'position', { get: function () {
            return [Number(self.xPosition), Number(self.yPosition)].concat(refs.pz ? [Number(self.zPosition)] : []);
        } });
    }
    self.propertyGroup = __propertyGroup(self, parent);
    return self;
}
// Shape items by type: [getter, key, names...] (lottie-web's names; gradients and merges are not read).
var __shapeTables = {
    fl: [['color', 'c', 'Color', 'color'], ['opacity', 'o', 'Opacity', 'opacity']],
    st: [['color', 'c', 'Color', 'color'], ['opacity', 'o', 'Opacity', 'opacity'], ['strokeWidth', 'w', 'Stroke Width', 'stroke width']],
    tm: [['start', 's', 'Start', 'start'], ['end', 'e', 'End', 'end'], ['offset', 'o', 'Offset', 'offset']],
    el: [['size', 's', 'Size'], ['position', 'p', 'Position']],
    rc: [['position', 'p', 'Position'], ['roundness', 'r', 'Roundness'], ['size', 's', 'Size', 'ADBE Vector Rect Size']],
    sr: [['position', 'p', 'Position'], ['rotation', 'r', 'Rotation'], ['points', 'pt', 'Points'],
        ['outerRadius', 'or', 'Outer Radius', 'ADBE Vector Star Outer Radius'], ['outerRoundness', 'os', 'Outer Roundness'],
        ['innerRadius', 'ir', 'Inner Radius', 'ADBE Vector Star Inner Radius'], ['innerRoundness', 'is', 'Inner Roundness']],
    rd: [['radius', 'r', 'Radius', 'Round Corners 1']],
    rp: [['copies', 'c', 'Copies'], ['offset', 'o', 'Offset']],
    sh: [['path', 'ks', 'Path', 'path', 'ADBE Vector Shape']],
    tr: [['anchorPoint', 'a', 'Anchor Point'], ['position', 'p', 'Position'], ['scale', 's', 'Scale'],
        ['rotation', 'r', 'Rotation', 'ADBE Vector Rotation'], ['opacity', 'o', 'Opacity'], ['skew', 'sk', 'Skew'], ['skewAxis', 'sa', 'Skew Axis']]
};
// A list of shape items, found by name, match name, index or position.
function __contents(items, parent, name) {
    var list = [];
    var self = function (which) {
        if (which === 0) return self;
        for (var i = 0; i < list.length; i++) {
            var d = list[i].data;
            if (d.nm === which || d.mn === which || d.ix === which || d.cix === which) return list[i].face;
        }
        if (typeof which === 'number' && list[which - 1]) return list[which - 1].face;
        throw new Error('no shape item ' + JSON.stringify(which) + ' in ' + (name || 'the contents'));
    };
    self.propertyGroup = __propertyGroup(self, parent);
    Object.defineProperty(self, '_name', { value: name || 'Contents' });
    (items || []).forEach(function (d) {
        if (d.ty === 'tr' || d.ty === 'gf' || d.ty === 'gs' || d.ty === 'mm') return;
        var face = __shapeItem(d, self.propertyGroup);
        if (face) list.push({ data: d, face: face });
    });
    self.numProperties = list.length;
    return self;
}
function __shapeItem(d, parent) {
    if (d.ty === 'gr') {
        var group = function (name) {
            return (name === 'ADBE Vectors Group' || name === 'Contents' || name === 2) ? group.content : group.transform;
        };
        __name(group, d);
        group.propertyGroup = __propertyGroup(group, parent);
        group.content = __contents(d.it, group.propertyGroup, d.nm);
        var tr = null;
        (d.it || []).forEach(function (item) { if (item.ty === 'tr') tr = item; });
        group.transform = group.content.transform = __shapeItem(tr || { ty: 'tr', p: {} }, group.propertyGroup);
        group.numProperties = d.np;
        return group;
    }
    var table = __shapeTables[d.ty];
    if (!table) return null;
    var self = function (name) { return find(name); };
    __name(self, d);
    self.propertyGroup = __propertyGroup(self, parent);
    var find = __getters(self, table, d.p, __transformDefaults);
    if (d.tr) self.transform = __transform(d.tr, self.propertyGroup);
    return self;
}
// A layer's effects (found by name, match name or index), each a function of its values.
function __effects(list, parent) {
    function group(e, parent) {
        var values = e.ef || [];
        var self = function (which) {
            for (var i = 0; i < values.length; i++) {
                var v = values[i];
                if (v.nm === which || v.mn === which || v.ix === which) return v.ty === 5 ? faces[i] : faces[i]();
            }
            throw new Error('no value ' + JSON.stringify(which) + ' in effect ' + JSON.stringify(e.nm));
        };
        __name(self, e);
        self.propertyGroup = __propertyGroup(self, parent);
        var faces = values.map(function (v) {
            if (v.ty === 5) return group(v, self.propertyGroup);
            if (v.v) __comp.owners[v.v[0]] = self;
            return function () { return v.v ? __read(v.v, self) : undefined; };
        });
        self.param = self;
        self.numProperties = values.length;
        self.active = self.enabled = e.en !== false;
        if (e.mn === 'ADBE Color Control') Object.defineProperty(self, 'color', { get: function () { return faces[0](); } });
        return self;
    }
    var self = function (which) {
        for (var i = 0; i < list.length; i++) {
            if (list[i].nm === which || list[i].mn === which || list[i].ix === which) return faces[i];
        }
        throw new Error('no effect ' + JSON.stringify(which) + ' on the layer');
    };
    self.propertyGroup = __propertyGroup(self, parent);
    var faces = (list || []).map(function (e) { return group(e, self.propertyGroup); });
    self.numProperties = faces.length;
    return self;
}
// A 2D point through a layer's transforms (and its parents') at time t, or back.
function __layerMatrix(layer, t) {
    var tr = layer.transform;
    function at(p) { return p.valueAtTime ? p.valueAtTime(t) : p; }
    var a = at(tr.anchorPoint), p = at(tr.position), s = at(tr.scale), r = degreesToRadians(Number(at(tr.rotation)));
    var c = Math.cos(r), n = Math.sin(r), sx = s[0] / 100, sy = s[1] / 100;
    // x' = R S (x - a) + p, as [m00, m01, m10, m11, tx, ty].
    var m = [c * sx, -n * sy, n * sx, c * sy, 0, 0];
    m[4] = p[0] - (m[0] * a[0] + m[1] * a[1]); m[5] = p[1] - (m[2] * a[0] + m[3] * a[1]);
    if (layer.hasParent && layer.parent) {
        var q = __layerMatrix(layer.parent, t);
        m = [q[0] * m[0] + q[1] * m[2], q[0] * m[1] + q[1] * m[3], q[2] * m[0] + q[3] * m[2], q[2] * m[1] + q[3] * m[3],
            q[0] * m[4] + q[1] * m[5] + q[4], q[2] * m[4] + q[3] * m[5] + q[5]];
    }
    return m;
}
function __toComp(layer, point, t, vector) {
    var m = __layerMatrix(layer, t === undefined ? time : t), x = point[0], y = point[1];
    var r = [m[0] * x + m[1] * y + (vector ? 0 : m[4]), m[2] * x + m[3] * y + (vector ? 0 : m[5])];
    return point.length > 2 ? r.concat([point[2]]) : r;
}
function __fromComp(layer, point, t, vector) {
    var m = __layerMatrix(layer, t === undefined ? time : t), d = m[0] * m[3] - m[1] * m[2];
    if (d === 0) return __copy(point);
    var x = point[0] - (vector ? 0 : m[4]), y = point[1] - (vector ? 0 : m[5]);
    var r = [(m[3] * x - m[1] * y) / d, (m[0] * y - m[2] * x) / d];
    return point.length > 2 ? r.concat([point[2]]) : r;
}
// The interface of the layer at `position` in the composition being read.
function __layer(position) {
    var c = __comp;
    if (c.interfaces[position]) return c.interfaces[position];
    var d = c.layers[position];
    var layer = function (name) {
        switch (name) {
            case 'ADBE Root Vectors Group': case 'Contents': case 2: return layer.content;
            case 1: case 6: case 'Transform': case 'transform': case 'ADBE Transform Group': return layer.transform;
            case 4: case 'ADBE Effect Parade': case 'effects': case 'Effects': return layer.effect;
        }
        return undefined;
    };
    c.interfaces[position] = layer;
    __name(layer, d);
    layer.index = d.ind; layer.inPoint = d.ip; layer.outPoint = d.op; layer.startTime = d.st;
    layer.width = d.w; layer.height = d.h; layer.hasParent = d.parent !== undefined;
    layer.propertyGroup = __propertyGroup(layer, null);
    layer.transform = __transform(d.tr, layer.propertyGroup);
    ['anchorPoint', 'position', 'scale', 'rotation', 'opacity'].forEach(function (k) {
        Object.defineProperty(layer, k, { get: function () { return layer.transform[k]; } });
    });
    Object.defineProperty(layer, 'anchor_point', { get: function () { return layer.transform.anchorPoint; } });
    Object.defineProperty(layer, 'parent', { get: function () { return d.parent === undefined ? undefined : __layerByIndex(d.parent); } });
    Object.defineProperty(layer, 'active', { get: function () { return time >= d.ip && time < d.op; } });
    layer.effect = __effects(d.ef, layer.propertyGroup);
    layer.content = __contents(d.shapes, layer.propertyGroup);
    layer.toComp = layer.toWorld = function (p, t) { return __toComp(layer, p, t, false); };
    layer.fromComp = layer.fromWorld = function (p, t) { return __fromComp(layer, p, t, false); };
    layer.toWorldVec = function (p, t) { return __toComp(layer, p, t, true); };
    layer.fromWorldVec = function (p, t) { return __fromComp(layer, p, t, true); };
    layer.sourceRectAtTime = __notYet("layers' drawn bounds");
    layer.mask = __notYet('masks');
    return layer;
}
function __layerByIndex(index) {
    for (var i = 0; i < __comp.layers.length; i++) if (__comp.layers[i].ind === index) return __layer(i);
    return undefined;
}
var thisComp = function (which) {
    for (var i = 0; i < __comp.layers.length; i++) {
        if (__comp.layers[i].nm === which || __comp.layers[i].ind === which) return __layer(i);
    }
    throw new Error('no layer ' + JSON.stringify(which) + ' in the composition');
};
thisComp.layer = thisComp; thisComp.pixelAspect = 1; thisComp.displayStartTime = 0;
var thisProperty = {
    valueAtTime: valueAtTime, velocityAtTime: velocityAtTime, key: key, nearestKey: nearestKey,
    loopIn: loopIn, loopOut: loopOut, wiggle: wiggle
};
var thisLayer, transform, effect, content, anchorPoint, parent, velocity, name, width, height, active;
var toComp, fromComp, toWorld, fromWorld, comp = __notYet('other compositions'), footage = __notYet('footage');
var loop_in = loopIn, loop_out = loopOut;
function lookAt(from, to) {
    var d = [to[0] - from[0], to[1] - from[1], to[2] - from[2]];
    return [-Math.atan2(d[1], d[2]) * 180 / Math.PI, Math.atan2(d[0], Math.sqrt(d[1] * d[1] + d[2] * d[2])) * 180 / Math.PI, 0];
}
function posterizeTime(fps) { time = fps === 0 ? 0 : Math.floor(time * fps) / fps; value = valueAtTime(time); }
// Sets the property the next evaluations are of: its keys [[frame, value]…], the seed of its
// random numbers, its composition and layer, and its own reference (-1 when it has none).
function __setProperty(json) {
    var p = JSON.parse(json);
    __keys = p.keys; __seed = p.seed >>> 0; __frameRate = p.frameRate; __isShape = p.isShape;
    numKeys = __keys.length;
    __comp = __comps[p.comp]; __reference = p.reference;
    thisLayer = __layer(p.layer);
    index = thisLayer.index; hasParent = thisLayer.hasParent; inPoint = thisLayer.inPoint; outPoint = thisLayer.outPoint;
    name = thisLayer._name; width = thisLayer.width; height = thisLayer.height;
    transform = thisLayer.transform; effect = thisLayer.effect; content = thisLayer.content;
    toComp = toWorld = thisLayer.toComp; fromComp = fromWorld = thisLayer.fromComp;
    thisComp.width = __comp.width; thisComp.height = __comp.height; thisComp.frameDuration = 1 / p.frameRate;
    thisComp.duration = __comp.duration; thisComp.numLayers = __comp.layers.length;
    var owner = __reference >= 0 ? __comp.owners[__reference] : undefined;
    thisProperty.propertyIndex = p.ix;
    thisProperty.propertyGroup = function (n) {
        n = n === undefined ? 1 : n;
        if (n <= 0) return thisProperty;
        if (!owner) throw new Error('the property groups of this property are not read by expressions yet');
        return owner.propertyGroup(n - 1);
    };
    return 0;
}
var numKeys = 0, inPoint = 0, outPoint = 0, index = 0, hasParent = false;
// The value of expression `id` at composition frame `frame`.
function __evaluate(argument) {
    var parts = argument.split(' ');
    var id = parseInt(parts[0], 10), frame = parseFloat(parts[1]);
    time = frame / __frameRate;
    value = __valueAtSeconds(time);
    thisProperty.value = __isShape ? value : __copy(value); thisProperty.numKeys = numKeys;
    anchorPoint = transform.anchorPoint; parent = thisLayer.parent; active = thisLayer.active;
    velocity = __isShape ? 0 : velocityAtTime(time);
    __randomSeed = 0; __timeless = false; __restartRandom();
    var result = __expressions[id]();
    if (result && result.__isPath) return __encodeShape(result);
    if (result instanceof Number) result = result.valueOf();
    if (typeof result === 'boolean') return result ? 1 : 0;
    if (result instanceof Array) result = result.map(function (x) { return Number(x); });
    if (result instanceof Array && result.length === 1 && (value instanceof Array) === false) return result[0];
    return result;
}
"""#
}
