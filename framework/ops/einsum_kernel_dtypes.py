"""TensorFlow 2.21's Einsum kernels by dtype. Einsum's op registry takes any T, but the CPU computes only
int32, int64, half, float, double, complex64, complex128 and bfloat16: tf.einsum of bool, int8, int16 or
unsigned tensors (and strings) is a NotFoundError listing the kernels, worded as TF 2.21 prints it
(/work/notes/progs/opsfuzz5):

    Could not find device for node: {{node Einsum}} = Einsum[N=2, T=DT_BOOL, equation="ij,jk->ik"]
    All kernels registered for op Einsum:
      device='XLA_CPU_JIT'; T in [DT_FLOAT, ...]
      device='CPU'; T in [DT_INT64]
      ...
     [Op:Einsum] name:
"""
from ..errors import NotFoundError

_COMPUTED = frozenset(('int32', 'int64', 'float16', 'float32', 'float64', 'complex64', 'complex128', 'bfloat16'))
_XLA = 'FLOAT, DOUBLE, INT32, COMPLEX64, INT64, BFLOAT16, COMPLEX128, HALF, UINT64'
_CPU = ('INT64', 'INT32', 'HALF', 'FLOAT', 'DOUBLE', 'COMPLEX64', 'COMPLEX128', 'BFLOAT16')


def refuse_uncomputed(tensors, lhs, rhs):
    """TF's NotFoundError when ``tensors`` (of one dtype, one or two of them) have no Einsum CPU kernel; the
    node shows the equation as TF runs it: spaces gone, an implicit output spelled out."""
    name = tensors[0].dtype.name
    if name in _COMPUTED:
        return
    if rhs is None:     # the labels used once, sorted, after the broadcast axes
        rhs = ('...' if '...' in lhs else '') + ''.join(sorted(c for c in set(lhs) if c.isalpha()
                                                               and lhs.count(c) == 1))
    error = NotFoundError('Could not find device for node: {{node Einsum}} = Einsum[N=%d, T=DT_%s, equation="%s->%s"]'
                          '\nAll kernels registered for op Einsum:\n  device=\'XLA_CPU_JIT\'; T in [%s]%s\n '
                          '[Op:Einsum] name: '
                          % (len(tensors), name.upper(), lhs, rhs, ', '.join('DT_' + t for t in _XLA.split(', ')),
                             ''.join("\n  device='CPU'; T in [DT_%s]" % t for t in _CPU)))
    error.add_note('einsum: TensorFlow has no CPU Einsum kernel for %s tensors; cast them first (e.g. to float32 '
                   'or int32)' % name)
    raise error
