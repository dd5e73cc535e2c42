"""tf.strings.unicode_encode's scalar and list inputs, as TF 2.21 (values printed by TF 2.21:
unicode_encode(104, 'UTF-8') -> ValueError "input_tensor's rank must be at least 1.";
unicode_encode([1.5], 'UTF-8') -> InvalidArgumentError '... but is a float tensor [Op:UnicodeEncode] name: ')."""
import numpy as np
import pytest

import framework as tf
from framework.errors import InvalidArgumentError


@pytest.mark.parametrize('points', [104, 1.5, np.int64(5), tf.constant(104, tf.int64)])
def test_scalar_code_points_are_a_rank_error(points):
    with pytest.raises(ValueError) as caught:
        tf.strings.unicode_encode(points, 'UTF-8')
    assert str(caught.value) == "input_tensor's rank must be at least 1."


@pytest.mark.parametrize('points', [[1.5], [[1.5]]])
def test_float_list_names_the_op(points):
    with pytest.raises(InvalidArgumentError) as caught:
        tf.strings.unicode_encode(points, 'UTF-8')
    assert str(caught.value) == ('cannot compute UnicodeEncode as input #0(zero-based) was expected to be a int32 '
                                 'tensor but is a float tensor [Op:UnicodeEncode] name: ')
    assert tf.strings.unicode_encode([[104]], 'UTF-8').numpy().tolist() == [b'h']
