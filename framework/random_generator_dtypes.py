"""The dtype refusals of the stateless kernels behind tf.random.Generator's draws, in TF 2.21's words.

The Generator's Python methods convert the bounds (or mean and stddev) to the dtype, then move the
state on and call the kernel: a dtype the kernel's attribute does not list fails only there, after
the state has moved (g.uniform([3], maxval=5, dtype=tf.int8) skips 3 draws and raises)."""
from .errors import InvalidArgumentError, NotFoundError

_FLOATS = ('half', 'bfloat16', 'float', 'double')
_INTEGERS = ('int32', 'int64', 'uint32', 'uint64')
_SIGNATURE = 'shape:Tshape, key:uint64, counter:uint64, alg:int32'
# kernel: (allowed dtypes, the inputs after alg, the dtype attr's default)
_KERNELS = {'StatelessRandomUniformV2': (_FLOATS, '', 'DT_FLOAT'),
            'StatelessRandomNormalV2': (_FLOATS, '', 'DT_FLOAT'),
            'StatelessTruncatedNormalV2': (_FLOATS, '', 'DT_FLOAT'),
            'StatelessRandomUniformIntV2': (_INTEGERS, ', minval:dtype, maxval:dtype', None),
            'StatelessRandomUniformFullIntV2': (_INTEGERS, '', 'DT_UINT64')}


def kernel_dtype_refusal(kernel, dtype_name, op):
    """TF's error for ``kernel`` asked for ``dtype_name`` (its kernel name: 'float', 'int8'), or None.
    ``op`` names the Generator method in the note."""
    allowed, inputs, default = _KERNELS[kernel]
    if dtype_name in allowed:
        if kernel == 'StatelessRandomUniformIntV2' and dtype_name.startswith('uint'):     # no CPU kernel
            error = NotFoundError(
                "Could not find device for node: {{node %s}} = %s[Tshape=DT_INT32, dtype=DT_%s]\nAll kernels registered "
                "for op %s:\n  device='XLA_CPU_JIT'; Tshape in [DT_INT32, DT_INT64]; dtype in [DT_INT32, DT_INT64, "
                "DT_UINT32, DT_UINT64]\n  device='CPU'; dtype in [DT_INT64]\n  device='CPU'; dtype in [DT_INT32]\n "
                "[Op:%s] name: " % (kernel, kernel, dtype_name.upper(), kernel, kernel))
            error.add_note('Generator.%s: bounded integer draws are int32 or int64 on the CPU, got %s'
                           % (op, dtype_name))
            return error
        return None
    error = InvalidArgumentError(
        "Value for attr 'dtype' of %s is not in the list of allowed values: %s\n\t; NodeDef: {{node %s}}; "
        "Op<name=%s; signature=%s%s -> output:dtype; attr=dtype:type,%sallowed=[%s]; "
        "attr=Tshape:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]> [Op:%s] name: "
        % (dtype_name, ', '.join(allowed), kernel, kernel, _SIGNATURE, inputs,
           'default=%s,' % default if default else '', ', '.join('DT_' + a.upper() for a in allowed), kernel))
    error.add_note('Generator.%s: dtype %s is not one of %s (the state has moved on, as in TensorFlow)'
                   % (op, dtype_name, ', '.join(allowed)))
    return error
