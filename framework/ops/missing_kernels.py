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

# kernel -> (the XLA kernel's dtypes, [(device, dtype), ...] in TensorFlow's order)
REGISTERED = {
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
    xla, devices = REGISTERED[kernel]
    listed = ''.join("\n  device='%s'; T in [DT_%s]" % device for device in devices)
    error = NotFoundError("Could not find device for node: {{node %s}} = %s[T=DT_%s]\nAll kernels registered for "
                          "op %s:\n  device='XLA_CPU_JIT'; T in [%s]%s\n [Op:%s] name: "
                          % (kernel, kernel, dtype_name.upper(), kernel,
                             ', '.join('DT_' + t for t in xla.split(', ')), listed, kernel))
    error.add_note('%s: TensorFlow has no CPU kernel for %s tensors here; cast it first (for complex values, take '
                   'tf.math.real(x) first)' % (op, dtype_name))
    return error
