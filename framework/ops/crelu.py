"""``tf.nn.crelu``: the positive and the negative part of the input, concatenated."""
from .activations import relu
from .operands import as_float_tensor, named_errors
from .shapes import concat
from ..tf_python_names import tf_named


@tf_named('crelu_v2')
@named_errors('crelu')
def crelu(features, axis=-1, name=None):
    """``concat([relu(x), relu(-x)], axis)``: twice as many channels along ``axis``, keeping the
    sign information that relu alone drops (Shang et al., 2016)."""
    x = as_float_tensor(features, 'crelu')
    return concat([relu(x), relu(-x)], axis)
