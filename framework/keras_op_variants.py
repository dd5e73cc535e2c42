"""The graph names of keras.ops calls whose ops depend on their arguments, as Keras 3's TensorFlow
backend makes them in a TF 2.21 trace (notes/progs/kerasops4/ops1.py, ops2.py: each call's op list).

Keras casts an input whose dtype the TF op does not take first: a 'Cast' op made before the result
(ops.any of floats is Cast then Any; ops.prod of bools or int8 multiplies int32s: Cast, Prod), so
later 'Cast' names count on. ``axis=None`` flattens or lists the axes first: ops.flip makes the axes
by tf.range ('range', then ReverseV2). Calls whose ops were not measured are not named (None).
"""

# ops.argmin of floats maps -0.0 to 0.0 first (as ops.argmax): these ops, then ArgMin; of integers ArgMin alone
_FLOAT_ARGMIN = 'Equal,Bitcast,Const,BitwiseAnd,Less,LogicalAnd,SelectV2,ArgMin'
# ops Keras runs in floats: an integer or bool input is cast to floatx first ('Cast', then 'Sin')
_IN_FLOATS = ('Sin', 'Cos', 'Tan', 'Asin', 'Sinh', 'Ceil', 'Expm1', 'Rsqrt', 'Erf', 'Acos', 'Acosh', 'Asinh', 'Atan',
              'Atanh', 'Cosh')
_FLOAT_ARGMAX = 'Equal,Bitcast,Const,BitwiseAnd,Less,LogicalAnd,SelectV2,ArgMax'

# graph names of keras.ops rows this module decides (graph_op_names.ROWS); TF's own APIs of the same
# names (tf.sign, tf.math.cumsum, tf.reverse, ...) keep their rows
NAMES = frozenset(('ReverseV2', 'Cumsum', 'Cumprod', 'Prod', 'Any', 'All', 'LogicalNot', 'Sign', 'Tile', 'eye/diag', 'Const,Pad', 'Mean', 'sort/Neg_1',
                   'argsort/TopKV2:1',
                   _FLOAT_ARGMIN, _FLOAT_ARGMAX) + _IN_FLOATS)


def is_keras_call(parameters):
    """Whether an API call's parameters are a keras.ops function's: an 'x' (ops.eye: 'N'), and no 'name'
    (TF's APIs take one)."""
    return ('x' in parameters or 'N' in parameters) and 'name' not in parameters


def variant(name, parameters, result):
    """The name list for the keras.ops call of graph name ``name`` (see NAMES), or None."""
    if name == 'eye/diag':
        return _eye(parameters)
    if name == 'Const,Pad':
        return _pad(parameters)
    x = parameters.get('x')
    kind = getattr(getattr(x, '_data', None), 'dtype', None)
    if kind is None:
        return None         # (a list or a NumPy input: converted first, a Const not measured)
    cast = kind != result._data.dtype
    if name == 'ReverseV2':
        return 'range,ReverseV2' if parameters.get('axis') is None else name
    if name in ('Cumsum', 'Cumprod'):
        if parameters.get('axis') is None:      # flattened by a Reshape first (kerasops5/o7.py; a Cast's place there
            return None if cast else 'Reshape,' + name      # not measured)
        return 'Cast,' + name if cast else name
    if name == 'Prod':
        return 'Cast,Prod' if cast else name
    if name in ('Any', 'All', 'LogicalNot'):
        return name if kind.kind == 'b' else 'Cast,' + name
    if name in (_FLOAT_ARGMIN, _FLOAT_ARGMAX):
        if parameters.get('keepdims'):
            return None     # (the axis kept: a Reshape after, not measured for every form)
        last = name.rpartition(',')[2]
        if parameters.get('axis') is None:      # flattened by a Reshape just before (kerasops5/o7.py)
            return name.replace(last, 'Reshape,' + last) if kind.kind in 'fc' else 'Reshape,' + last
        return name if kind.kind in 'fc' else last
    if name in _IN_FLOATS:
        return name if kind.kind in 'fc' else 'Cast,' + name
    if name == 'Mean':      # ops.average: tf.reduce_mean where no weights are given
        if parameters.get('weights') is not None:
            return None     # (a Tensordot of the weights, then a truediv: not named)
        return name if kind.kind in 'fc' else 'Cast,Mean'
    if name in ('sort/Neg_1', 'argsort/TopKV2:1'):
        # tf.sort / tf.argsort ascending: floats negated twice, integers by subtraction from the maximum (a
        # last 'sub_1'); argsort of another axis than the last transposes back last; bools cast (not measured)
        if kind.kind == 'b':
            return None
        if name == 'sort/Neg_1':
            return name if kind.kind in 'fc' else 'sort/sub_1'
        axis = parameters.get('axis')
        return name if type(axis) is int and axis % x._data.ndim == x._data.ndim - 1 else (
            'argsort/transpose_1' if type(axis) is int else None)
    if name == 'Tile':
        repeats = parameters.get('repeats')
        # (repeats of another length than the rank: Keras pads them or expands x first, not measured)
        return name if type(repeats) in (list, tuple) and len(repeats) == x._data.ndim else None
    if name == 'Sign':
        return None if kind.kind == 'u' else name      # (unsigned: Cast, Sign, Cast_1)
    return name


def _eye(parameters):
    """ops.eye(N, M, k) runs tf.eye: a square of a Python size is 'eye/diag' (a MatrixDiag of ones), other
    sizes or a size the trace leaves to the run (ops.eye(tf.shape(x)[0])) 'eye/set_diag'; k != 0 pads
    the diagonal after (not measured)."""
    n, m, k = parameters.get('N'), parameters.get('M'), parameters.get('k')
    if type(k) is not int or k != 0:
        return None
    if type(n) is int and m is None:
        return 'eye/diag'
    if m is None or (type(n) is int and type(m) is int and n != m):
        return 'eye/set_diag'
    return None         # (a square given twice, or traced columns: not measured)


def _pad(parameters):
    """ops.pad: Keras converts pad_width (a Const), then pads by Pad, by PadV2 where a constant_values other
    than 0 is given, by MirrorPad for mode 'reflect' / 'symmetric'. A pad_width of other than a row per axis
    (an int: TF's rank error) is not named."""
    x, rows = parameters.get('x'), parameters.get('pad_width')
    if type(rows) not in (list, tuple) or len(rows) != getattr(getattr(x, '_data', None), 'ndim', -1):
        return None
    mode, value = parameters.get('mode'), parameters.get('constant_values')
    if mode in ('reflect', 'symmetric'):
        return 'Const,MirrorPad'
    if mode != 'constant':
        return None
    return 'Const,Pad' if value is None or (type(value) in (int, float) and value == 0) else 'Const,PadV2'
