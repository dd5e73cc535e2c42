"""tf.sequence_mask refuses a non-scalar maxlen showing the converted value as TF 2.21 does (numpy's print: [1. 2.]),
where tapeflow showed the tensor's repr (tf.Tensor([1. 2.], shape=(2,), dtype=float32)) or the Python list ([1, 2])."""
import numpy as np
import pytest

import framework as tf


@pytest.mark.parametrize('maxlen,shown,shape', [
    (lambda: tf.constant([1., 2.]), '[1. 2.]', '(2,)'), (lambda: tf.constant([1, 2]), '[1 2]', '(2,)'),
    (lambda: [1, 2], '[1 2]', '(2,)'), (lambda: tf.constant([[1, 2]]), '[[1 2]]', '(1, 2)')],
    ids=['float', 'int', 'list', '2d'])
def test_non_scalar_maxlen(maxlen, shown, shape):
    # TF 2.21 gives ValueError "Argument `maxlen` must be scalar for sequence_mask, received `maxlen` = [1. 2.] with
    # shape '(2,)' instead"
    with pytest.raises(ValueError) as info:
        tf.sequence_mask(tf.constant([1, 2]), maxlen())
    assert str(info.value) == ("Argument `maxlen` must be scalar for sequence_mask, received `maxlen` = %s with shape "
                               "'%s' instead" % (shown, shape))


def test_scalar_maxlen_still_masks():
    # TF 2.21: sequence_mask([1, 2], 3) is [[True, False, False], [True, True, False]]
    assert tf.sequence_mask(tf.constant([1, 2]), 3).numpy().tolist() == [[True, False, False], [True, True, False]]
    assert tf.sequence_mask([1, 2], np.int64(2)).numpy().tolist() == [[True, False], [True, True]]
