"""TensorFlow's NotFoundError for a dtype its op registry allows but no CPU kernel computes.

``tf.math.floordiv`` of complex tensors passes FloorDiv's registry check (its XLA kernel takes them)
and then finds no CPU kernel; TensorFlow 2.21 lists every registered kernel in its answer. numpy
would raise a raw ufunc TypeError (floor_divide) or round the parts silently (round). The lists
below are TF 2.21's words, printed by /opt/tfref.
"""
from ..errors import NotFoundError

_XLA_NUMBERS = ('FLOAT, DOUBLE, INT32, UINT8, INT16, INT8, COMPLEX64, INT64, BFLOAT16, UINT16, COMPLEX128, HALF, '
                'UINT32, UINT64')
_CPU_DIVISION = ('DOUBLE', 'FLOAT', 'BFLOAT16', 'HALF', 'INT64', 'INT32', 'INT16', 'INT8', 'UINT64', 'UINT32',
                 'UINT16', 'UINT8')

_XLA_ANY = ('FLOAT, DOUBLE, INT32, UINT8, INT16, INT8, COMPLEX64, INT64, BOOL, QINT8, QUINT8, QINT32, BFLOAT16, '
            'UINT16, COMPLEX128, HALF, UINT32, UINT64, FLOAT8_E5M2, FLOAT8_E4M3FN, FLOAT8_E4M3FNUZ, '
            'FLOAT8_E4M3B11FNUZ, FLOAT8_E5M2FNUZ, INT4, UINT4')
_CPU_SPACE_BATCH = [('CPU', t) for t in ('DOUBLE', 'FLOAT', 'BFLOAT16', 'HALF', 'INT32', 'INT8', 'UINT8', 'INT16',
                                         'UINT16', 'UINT32', 'INT64', 'UINT64')]

# kernel -> (the XLA kernel's dtypes, [(device, dtype), ...] in TensorFlow's order[, the node's other
# attributes, the XLA kernel's other constraints])
REGISTERED = {
    'SpaceToBatchND': (_XLA_ANY, _CPU_SPACE_BATCH, ', Tblock_shape=DT_INT32, Tpaddings=DT_INT32',
                       'Tpaddings in [DT_INT32, DT_INT64]; Tblock_shape in [DT_INT32, DT_INT64]; '),
    'BatchToSpaceND': (_XLA_ANY, _CPU_SPACE_BATCH, ', Tblock_shape=DT_INT32, Tcrops=DT_INT32',
                       'Tcrops in [DT_INT32, DT_INT64]; Tblock_shape in [DT_INT32, DT_INT64]; '),
    'FloorDiv': (_XLA_NUMBERS, [('DEFAULT', 'INT32'), ('CPU', 'DOUBLE'), ('CPU', 'BFLOAT16'), ('CPU', 'HALF'),
                                ('CPU', 'FLOAT'), ('CPU', 'INT64'), ('CPU', 'INT32'), ('CPU', 'INT16'), ('CPU', 'INT8'),
                                ('CPU', 'UINT64'), ('CPU', 'UINT32'), ('CPU', 'UINT16'), ('CPU', 'UINT8')]),
    'TruncateDiv': (_XLA_NUMBERS, [('CPU', t) for t in _CPU_DIVISION]),
    'Round': ('FLOAT, DOUBLE, INT32, INT16, INT8, COMPLEX64, INT64, BFLOAT16, COMPLEX128, HALF',
              [('CPU', t) for t in ('INT64', 'INT32', 'BFLOAT16', 'DOUBLE', 'FLOAT', 'HALF')]),
}


def not_found(kernel, dtype_name, op):
    """TensorFlow's NotFoundError for ``kernel`` given a ``dtype_name`` tensor (e.g. 'complex64'),
    with tapeflow's note naming ``op``."""
    entry = REGISTERED[kernel]
    (xla, devices), (attrs, constraints) = entry[:2], entry[2:] or ('', '')
    listed = ''.join("\n  device='%s'; T in [DT_%s]" % device for device in devices)
    error = NotFoundError("Could not find device for node: {{node %s}} = %s[T=DT_%s%s]\nAll kernels registered for "
                          "op %s:\n  device='XLA_CPU_JIT'; %sT in [%s]%s\n [Op:%s] name: "
                          % (kernel, kernel, dtype_name.upper(), attrs, kernel, constraints,
                             ', '.join('DT_' + t for t in xla.split(', ')), listed, kernel))
    error.add_note('%s: TensorFlow has no CPU kernel for %s tensors here; cast it first (for complex values, take '
                   'tf.math.real(x) first)' % (op, dtype_name))
    return error


# Kernels whose registrations TF 2.21 lists line by line (printed by /opt/tfref: fuzz6/p/c1.py): the
# float16 linear algebra and special functions, the 3-D pools, complex Unique, integer RealDiv.
def _cpu(*dtypes, extra=''):
    return ["device='CPU'; T in [DT_%s]%s" % (t, extra) for t in dtypes]


def _xla(dtypes):
    return ["device='XLA_CPU_JIT'; T in [%s]" % ', '.join('DT_' + t for t in dtypes.split(', '))]


_FLOATS_AND_COMPLEX = ('COMPLEX128', 'COMPLEX64', 'DOUBLE', 'FLOAT')
_UNIQUE_TYPES = ('BOOL', 'STRING', 'DOUBLE', 'FLOAT', 'BFLOAT16', 'HALF', 'INT32', 'INT8', 'UINT8', 'INT16', 'UINT16',
                 'UINT32', 'INT64', 'UINT64')
_UNIQUE_CPU = ["device='%s'; T in [DT_%s]; out_idx in [DT_%s]" % (device, t, idx) for device in ('CPU', 'DEFAULT')
               for t in _UNIQUE_TYPES for idx in ('INT64', 'INT32')]
_SEARCH_TYPES = ('DOUBLE', 'FLOAT', 'BFLOAT16', 'HALF', 'INT32', 'INT8', 'UINT8', 'INT16', 'UINT16', 'UINT32', 'INT64',
                 'UINT64')
_CPU_MATRIX_PARTS = _cpu('BOOL', 'COMPLEX128', 'COMPLEX64', 'DOUBLE', 'FLOAT', 'BFLOAT16', 'HALF', 'INT32', 'INT8',
                         'UINT8', 'INT16', 'UINT16', 'UINT32', 'INT64', 'UINT64')
LISTED = {
    'Cholesky': _xla('FLOAT, DOUBLE, COMPLEX64, COMPLEX128, HALF') + _cpu(*_FLOATS_AND_COMPLEX),
    'Lu': _cpu(*_FLOATS_AND_COMPLEX, extra='; output_idx_type in [DT_INT64]')
    + _cpu(*_FLOATS_AND_COMPLEX, extra='; output_idx_type in [DT_INT32]'),
    'MatrixSquareRoot': _cpu(*_FLOATS_AND_COMPLEX),
    'MatrixDeterminant': _cpu(*_FLOATS_AND_COMPLEX),
    'LogMatrixDeterminant': _cpu(*_FLOATS_AND_COMPLEX),
    'MatrixSolve': _xla('FLOAT, DOUBLE, HALF') + _cpu(*_FLOATS_AND_COMPLEX),
    'MatrixTriangularSolve': _xla('FLOAT, DOUBLE, COMPLEX64, BFLOAT16, COMPLEX128, HALF')
    + _cpu('DOUBLE', 'FLOAT', 'COMPLEX128', 'COMPLEX64'),
    'Svd': _xla('FLOAT, DOUBLE, HALF') + _cpu('FLOAT', 'DOUBLE', 'COMPLEX64', 'COMPLEX128'),
    'SelfAdjointEigV2': _cpu('FLOAT', 'DOUBLE', 'COMPLEX64', 'COMPLEX128')
    + _xla('FLOAT, DOUBLE, COMPLEX64, COMPLEX128, HALF'),
    'Erfinv': _xla('FLOAT, DOUBLE, BFLOAT16, HALF') + _cpu('DOUBLE', 'FLOAT'),
    # the special functions' half kernels (TF 2.21, progs/gradfuzz18/t11.py): bfloat16 has none, float16 some
    **{kernel: _xla('FLOAT, DOUBLE, BFLOAT16, HALF') + _cpu('DOUBLE', 'HALF', 'FLOAT')
       for kernel in ('Lgamma', 'Digamma')},
    **{kernel: _xla('FLOAT, DOUBLE, BFLOAT16, HALF') + _cpu('DOUBLE', 'FLOAT', 'HALF')
       for kernel in ('BesselI0e', 'BesselI1e')},
    **{kernel: _cpu('DOUBLE', 'FLOAT', 'HALF') for kernel in (
        'BesselI0', 'BesselI1', 'BesselJ0', 'BesselJ1', 'BesselY0', 'BesselY1', 'BesselK0', 'BesselK1', 'BesselK0e',
        'BesselK1e')},
    **{kernel: _xla('FLOAT, DOUBLE, BFLOAT16, HALF') + _cpu('DOUBLE', 'FLOAT') for kernel in ('Igamma', 'Igammac')},
    **{kernel: _cpu('DOUBLE', 'FLOAT') for kernel in ('Spence', 'Dawsn', 'Expint', 'FresnelCos', 'FresnelSin')},
    'Ndtri': _xla('FLOAT, DOUBLE, BFLOAT16, HALF') + _cpu('DOUBLE', 'FLOAT'),
    'Rint': _xla('FLOAT, DOUBLE, BFLOAT16, HALF') + _cpu('DOUBLE', 'FLOAT'),
    'MaxPool3D': _xla('FLOAT, BFLOAT16, HALF') + _cpu('BFLOAT16', 'FLOAT'),
    'AvgPool3D': _xla('FLOAT, DOUBLE, BFLOAT16, HALF') + _cpu('BFLOAT16', 'FLOAT'),
    'Reciprocal': _xla('FLOAT, DOUBLE, INT32, INT16, INT8, COMPLEX64, INT64, BFLOAT16, COMPLEX128, HALF')
    + _cpu('COMPLEX128', 'COMPLEX64', 'DOUBLE', 'BFLOAT16', 'HALF', 'FLOAT'),
    'TruncateMod': _xla('FLOAT, DOUBLE, INT32, INT64, BFLOAT16, HALF') + _cpu('DOUBLE', 'FLOAT', 'INT64', 'INT32')
    + ["device='DEFAULT'; T in [DT_INT32]"],
    'RealDiv': _xla('FLOAT, DOUBLE, INT32, UINT8, INT16, INT8, COMPLEX64, INT64, BFLOAT16, UINT16, COMPLEX128, HALF, '
                    'UINT32, UINT64') + _cpu('COMPLEX128', 'COMPLEX64', 'BFLOAT16', 'DOUBLE', 'HALF', 'FLOAT'),
    # tf.image's colour kernels: float16 images reach them as they are (TF converts other dtypes to float32)
    **{kernel: _xla('FLOAT, HALF') + _cpu('FLOAT') for kernel in ('AdjustContrastv2', 'AdjustSaturation', 'AdjustHue')},
    'Unique': ["device='XLA_CPU_JIT'; out_idx in [DT_INT32, DT_INT64]; T in [%s]"
               % ', '.join('DT_' + t for t in _XLA_ANY.split(', '))] + _UNIQUE_CPU,
    'UniqueWithCounts': _UNIQUE_CPU[:len(_UNIQUE_CPU) // 2],
    'MatrixBandPart': ["device='XLA_CPU_JIT'; Tindex in [DT_INT32, DT_INT64]; T in [%s]"
                       % ', '.join('DT_' + t for t in _XLA_ANY.split(', '))] + _CPU_MATRIX_PARTS,
    'MatrixSetDiagV3': _xla(_XLA_ANY) + _CPU_MATRIX_PARTS,      # (string matrices: only XLA takes them)
    # tf.searchsorted's kernels: a bool sequence finds only XLA's (kerasops14/n2.py)
    **{kernel: ["device='XLA_CPU_JIT'; out_type in [DT_INT32, DT_INT64]; T in [%s]"
                % ', '.join('DT_' + t for t in _XLA_ANY.split(', '))]
       + _cpu(*_SEARCH_TYPES, extra='; out_type in [DT_INT64]') + _cpu(*_SEARCH_TYPES, extra='; out_type in [DT_INT32]')
       for kernel in ('LowerBound', 'UpperBound')},
}
_ON_CPU = {kernel: frozenset(line.split('T in [DT_')[1].split(']')[0] for line in lines
                             if not line.startswith("device='XLA")) for kernel, lines in LISTED.items()}
_TF_NAMES = {'float16': 'HALF', 'float32': 'FLOAT', 'float64': 'DOUBLE'}


def refuse_missing(t, kernel, op, attrs=''):
    """Raise TensorFlow's NotFoundError when ``kernel`` has no CPU kernel for ``t``'s dtype (``attrs``: the
    node's other attributes as TF prints them, ', compute_v=true'); else return ``t``. A dtype-name test.
    A dtype the op registry itself refuses (bfloat16 for MatrixDeterminant) is its InvalidArgumentError."""
    if _TF_NAMES.get(t.dtype.name, t.dtype.name.upper()) in _ON_CPU[kernel]:
        return t
    refuse_unregistered(t, kernel, op)
    raise listed_not_found(kernel, t.dtype.name, op, attrs)


def refuse_unregistered(t, kernel, op):
    """Raise TensorFlow's op-registry InvalidArgumentError ("Value for attr 'T' of bfloat16 is not in the list of
    allowed values: ...") when ``kernel``'s op definition excludes ``t``'s dtype (float_kernels.KERNELS);
    TF checks that before looking for a CPU kernel. Else return ``t``."""
    from . import float_kernels
    from .graph_input_errors import kernel_dtype_name
    entry = next(((name, spec) for name, spec in float_kernels.KERNELS.items() if spec[0] == kernel), None)
    if entry is None or kernel_dtype_name(t.dtype.name) in entry[1][2]:
        return t
    error = float_kernels.refusal(entry[0], t.dtype.name)
    error.add_note('%s: TensorFlow\'s %s takes no %s tensors; cast to float32 (or float64) first'
                   % (op, kernel, t.dtype.name))
    raise error


def listed_not_found(kernel, name, op, attrs=''):
    """TensorFlow's NotFoundError for ``kernel`` (one of LISTED) given a tensor of dtype ``name``."""
    tf_name = _TF_NAMES.get(name, name.upper())
    error = NotFoundError("Could not find device for node: {{node %s}} = %s[T=DT_%s%s]\nAll kernels registered for "
                          "op %s:\n%s\n [Op:%s] name: " % (kernel, kernel, tf_name, attrs, kernel,
                                                           '\n'.join('  ' + line for line in LISTED[kernel]), kernel))
    error.add_note('%s: TensorFlow has no CPU kernel for %s tensors here; cast to float32 (or float64) first'
                   % (op, name))
    if not attrs:       # (a tf.function's graph builds the node; its run fails: graph_missing_kernels.py)
        error.missing_kernel = (kernel, tf_name, LISTED[kernel])
    return error
