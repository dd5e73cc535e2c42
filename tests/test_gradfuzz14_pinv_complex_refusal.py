"""tf.linalg.pinv / matrix_rank of complex matrices raise TF 2.21's TypeError 'Input `a` must have `float`-like
`dtype` (saw complex64).' (its dtype.is_floating check), where tapeflow raised its own InvalidArgumentError."""
import pytest

import framework as tf


@pytest.mark.parametrize('op', ['pinv', 'matrix_rank'])
@pytest.mark.parametrize('dtype', ['complex64', 'complex128'])
def test_complex_input_is_tf_2_21s_type_error(op, dtype):
    with pytest.raises(TypeError, match=r'^Input `a` must have `float`-like `dtype` \(saw %s\)\.' % dtype):
        getattr(tf.linalg, op)(tf.ones([2, 2], dtype))
