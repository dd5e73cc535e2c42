"""``tf.compat.v1.assert_scalar`` and ``tf.compat.v1.debugging``: TensorFlow 2's debugging module but for
``assert_scalar``, which TF 1 spelled ``assert_scalar(tensor, name=None, message=None)`` and which returns
the tensor it checked (converted: a Python 3 comes back as an int32 tensor); TF 2.21's v2 returns None."""
import types

import framework
from ..assertions import check_scalar
from ..tensor import convert_to_tensor


def assert_scalar(tensor, name=None, message=None):
    """``tensor`` as a tensor; TF's ValueError unless it is statically a scalar (TF 1's argument order)."""
    tensor = convert_to_tensor(tensor)
    check_scalar(tensor, message, depth=2)
    return tensor


debugging = types.ModuleType('framework.compat.v1.debugging', framework.debugging.__doc__)
debugging.assert_scalar = assert_scalar
debugging.__getattr__ = lambda attribute: getattr(framework.debugging, attribute)
debugging.__dir__ = lambda: sorted(set(dir(framework.debugging)) | {'assert_scalar'})
