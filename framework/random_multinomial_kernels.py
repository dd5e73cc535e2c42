"""TF 2.21's refusals of StatelessMultinomial logits that are not float: an integer dtype passes the op
registry but no CPU kernel draws from it (NotFoundError, raised before the kernel looks at shapes or
num_samples), a bool fails the registry (InvalidArgumentError). Texts printed by TF 2.21:
    tf.random.stateless_categorical(np.array([[1, 2]], 'int32'), 3, seed=[1, 2])
    keras.random.categorical(np.array([[1, 2]], 'int32'), 3)   (Keras passes T, int32 seeds, int64 output)
"""
import numpy as np

_REGISTERED_T = ('float, double, int32, uint8, int16, int8, int64, bfloat16, uint16, half, uint32, uint64')
_CPU_T = ('DOUBLE', 'FLOAT', 'BFLOAT16', 'HALF')


def seed_dtype_name(seed):
    """Tseed as TF converts ``seed``: a tensor or array keeps its dtype, Python ints are int32 unless too wide."""
    dtype = getattr(seed, 'dtype', None)
    if dtype is not None:
        return np.dtype(getattr(dtype, 'as_numpy_dtype', dtype)).name
    values = np.asarray(seed)
    return 'int32' if values.size == 0 or np.abs(values).max() < 2 ** 31 else 'int64'


def logits_refusal(dtype_name, seed_dtype='int32', output_dtype='int64', op='random.stateless_categorical'):
    """The error TF 2.21 raises for StatelessMultinomial logits of ``dtype_name``, or None for a float dtype."""
    from .errors import InvalidArgumentError, NotFoundError
    if dtype_name in ('float16', 'bfloat16', 'float32', 'float64'):
        return None
    if dtype_name == 'bool' or dtype_name not in ('int8', 'int16', 'int32', 'int64', 'uint8', 'uint16', 'uint32',
                                                 'uint64'):
        allowed = ', '.join('DT_' + t.upper() for t in _REGISTERED_T.split(', '))
        error = InvalidArgumentError(
            "Value for attr 'T' of %s is not in the list of allowed values: %s\n\t; NodeDef: {{node "
            "StatelessMultinomial}}; Op<name=StatelessMultinomial; signature=logits:T, num_samples:int32, "
            "seed:Tseed -> output:output_dtype; attr=T:type,allowed=[%s]; attr=Tseed:type,default=DT_INT64,"
            "allowed=[DT_INT32, DT_INT64]; attr=output_dtype:type,default=DT_INT64,allowed=[DT_INT32, DT_INT64]> "
            "[Op:StatelessMultinomial] name: " % (dtype_name, _REGISTERED_T, allowed))
    else:
        cpu = ''.join("\n  device='CPU'; T in [DT_%s]; output_dtype in [DT_%s]" % (t, o)
                      for t in _CPU_T for o in ('INT64', 'INT32'))
        error = NotFoundError(
            "Could not find device for node: {{node StatelessMultinomial}} = StatelessMultinomial[T=DT_%s, "
            "Tseed=DT_%s, output_dtype=DT_%s]\nAll kernels registered for op StatelessMultinomial:\n  "
            "device='XLA_CPU_JIT'; output_dtype in [DT_INT32, DT_INT64]; Tseed in [DT_INT32]; T in [DT_FLOAT, "
            "DT_DOUBLE, DT_BFLOAT16]%s\n [Op:StatelessMultinomial] name: "
            % (dtype_name.upper(), seed_dtype.upper(), output_dtype.upper(), cpu))
    error.add_note('%s: logits must be float (batch, classes) scores; cast them first, e.g. tf.cast(logits, '
                   'tf.float32)' % op)
    return error
