"""TensorFlow's refusal of an integer (or bool, string) tensor by a floating-point-only kernel.

``tf.sqrt(tf.constant([1, 4]))`` is the tensors guide's classic slip; TensorFlow 2.21 answers with its op
registry's words, which name the kernel, its signature and the dtypes it allows:

    Value for attr 'T' of int32 is not in the list of allowed values: bfloat16, half, float, double, ...
    \t; NodeDef: {{node Sqrt}}; Op<name=Sqrt; signature=x:T -> y:T; attr=T:type,allowed=[DT_BFLOAT16, ...]>
    [Op:Sqrt] name:

The table holds the ops whose words were checked against TF 2.21 (/opt/tfref); ``as_float_tensor``
raises their error, with tapeflow's own words (cast it first) as a note.
"""

_WITH_COMPLEX = ('bfloat16', 'half', 'float', 'double', 'complex64', 'complex128')
_REAL = ('bfloat16', 'half', 'float', 'double')
_ACTIVATION = ('half', 'bfloat16', 'float', 'double')
_UNARY = 'x:T -> y:T'
_FEATURES = 'features:T -> activations:T'

# tapeflow op name -> (TensorFlow kernel, its signature, its allowed dtypes)
KERNELS = {
    **{name: (kernel, _UNARY, _WITH_COMPLEX) for name, kernel in (
        ('sqrt', 'Sqrt'), ('exp', 'Exp'), ('log', 'Log'), ('sigmoid', 'Sigmoid'), ('tanh', 'Tanh'), ('sin', 'Sin'),
        ('cos', 'Cos'), ('tan', 'Tan'), ('rsqrt', 'Rsqrt'), ('log1p', 'Log1p'), ('expm1', 'Expm1'), ('asin', 'Asin'),
        ('acos', 'Acos'), ('atan', 'Atan'), ('sinh', 'Sinh'), ('cosh', 'Cosh'), ('asinh', 'Asinh'), ('acosh', 'Acosh'),
        ('atanh', 'Atanh'), ('norm', 'Sqrt'), ('silu', 'Sigmoid'))},
    **{name: (kernel, _UNARY, _REAL) for name, kernel in (
        ('floor', 'Floor'), ('ceil', 'Ceil'), ('erf', 'Erf'), ('erfc', 'Erfc'), ('erfinv', 'Erfinv'),
        ('lgamma', 'Lgamma'), ('digamma', 'Digamma'), ('rint', 'Rint'), ('ndtri', 'Ndtri'),
        ('bessel_i0e', 'BesselI0e'))},
    **{name: (kernel, 'x:T -> y:bool', _REAL) for name, kernel in (
        ('is_nan', 'IsNan'), ('is_inf', 'IsInf'), ('is_finite', 'IsFinite'))},
    **{name: (kernel, _FEATURES, _ACTIVATION) for name, kernel in (
        ('softplus', 'Softplus'), ('softsign', 'Softsign'), ('log_sigmoid', 'Softplus'), ('elu', 'Elu'),
        ('selu', 'Selu'))},
    'softmax': ('Softmax', 'logits:T -> softmax:T', _ACTIVATION),
    'log_softmax': ('LogSoftmax', 'logits:T -> logsoftmax:T', _ACTIVATION),
}

_KERNEL_NAMES = {'float32': 'float', 'float64': 'double', 'float16': 'half'}


def refusal(op, dtype_name):
    """TensorFlow's error for ``op`` given a tensor of ``dtype_name`` (TF's name: 'int32', 'string'),
    or None for an op not in the table."""
    from ..errors import InvalidArgumentError
    if op == 'gelu':        # tf.nn.gelu checks in Python first
        return ValueError("`features.dtype` must be a floating point tensor.Received:features.dtype=<dtype: '%s'>"
                          % dtype_name)
    entry = KERNELS.get(op)
    if entry is None:
        return None
    kernel, signature, allowed = entry
    return InvalidArgumentError(
        "Value for attr 'T' of %s is not in the list of allowed values: %s\n\t; NodeDef: {{node %s}}; "
        "Op<name=%s; signature=%s; attr=T:type,allowed=[%s]> [Op:%s] name: "
        % (_KERNEL_NAMES.get(dtype_name, dtype_name), ', '.join(allowed), kernel, kernel, signature,
           ', '.join('DT_' + name.upper() for name in allowed), kernel))
