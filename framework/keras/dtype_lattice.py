"""Keras 3's type promotion lattice (keras/src/backend/common/dtypes.py), as its TensorFlow backend runs it.

``keras.backend.result_type('int8', int)`` is 'int8' (a Python int is a weak type: the tensor's dtype
wins), ('uint8', 'int8') meet at 'int16', ('int64', 'uint64') at the weak float, floatx. Then, on every
backend including TensorFlow's, uint64 results narrow to uint32 and complex128 ones to complex64
(Keras's BIT64_TO_BIT32_DTYPE): ``keras.ops.add`` of two uint64 tensors is uint32 on TF 2.21.
"""
import functools

_INTS = ('uint8', 'uint16', 'uint32', 'uint64', 'int8', 'int16', 'int32', 'int64')
_FLOATS = ('bfloat16', 'float16', 'float32', 'float64')
_FLOAT8 = ('float8_e4m3fn', 'float8_e5m2')

# Each node -> the nodes just above it; 'int' and 'float' are the weak Python types.
_LATTICE = {
    'bool': ['int'],
    'uint8': ['int16', 'uint16'], 'uint16': ['int32', 'uint32'], 'uint32': ['int64', 'uint64'], 'uint64': ['float'],
    'int': ['uint8', 'int8', 'complex64'],
    'int8': ['int16'], 'int16': ['int32'], 'int32': ['int64'], 'int64': ['float'],
    'float': ['bfloat16', 'float16'],
    'bfloat16': ['float32'], 'float16': ['float32'], 'float32': ['float64', 'complex64'], 'float64': ['complex128'],
    'complex64': ['complex128'], 'complex128': [],
}

# Keras narrows these on every backend (int64 and float64 stay on TensorFlow)
NARROWED = {'uint64': 'uint32', 'complex128': 'complex64'}


def _upper_bounds():
    bounds = {node: {node} for node in _LATTICE}
    for node in _LATTICE:
        while True:
            above = set().union(*(_LATTICE[b] for b in bounds[node]))
            if above <= bounds[node]:
                break
            bounds[node] |= above
    return bounds


_BOUNDS = _upper_bounds()


@functools.lru_cache(512)
def _least_upper_bound(*nodes):
    try:
        common = set.intersection(*(_BOUNDS[n] for n in set(nodes)))
    except KeyError:
        dtype = next(n for n in nodes if n not in _BOUNDS)
        raise ValueError(f'{dtype=} is not a valid dtype for Keras type promotion.') from None
    least = (common & set(nodes)) or {c for c in common if common <= _BOUNDS[c]}
    if len(least) != 1:
        raise ValueError('Input dtypes %s have no available implicit dtype promotion path. Try explicitly casting '
                         'inputs to the desired output type.' % (tuple(str(n) for n in nodes),))
    return least.pop()


def _weak(dtype):
    # a Python int / float joins the lattice as its weak kind ('bool' stays itself)
    if dtype == 'bool':
        return dtype
    for kind in ('float', 'int', 'complex'):
        if kind in dtype:
            return kind
    raise ValueError('Invalid value for argument `dtype`. Received: dtype=%s' % dtype)


def lattice_result_type(names, weak_flags, floatx='float32'):
    """The dtype name Keras 3 promotes ``names`` (standardized dtype names) to; ``weak_flags[i]`` says
    ``names[i]`` came from the Python type int or float."""
    if len(names) == 1:
        out, weak = names[0], weak_flags[0]
    elif len(set(names)) == 1 and not all(weak_flags):
        out, weak = names[0], False
    elif all(weak_flags):
        out, weak = _least_upper_bound(*set(names)), True
    else:
        out = _least_upper_bound(*{_weak(n) if w else n for n, w in zip(names, weak_flags)})
        weak = out in ('int', 'float')
    if weak and out != 'bool':
        # a weak result takes floatx's precision: int64 -> int32 (bfloat16 and complex read as float)
        kind = 'float' if out == 'bfloat16' else {'i': 'int', 'u': 'uint'}.get(out[:1], 'float')
        out = kind + floatx[-2:]
    return NARROWED.get(out, out)


def refuse_float8(dtypes):
    for dtype in dtypes:
        if isinstance(dtype, str) and dtype in _FLOAT8:
            raise ValueError('There is no implicit conversions from float8 dtypes to others. You must cast it '
                             'internally. Received: %s' % (dtypes,))
