"""tf.ragged.map_flat_values's checks as TF 2.21 (texts printed by tensorflow-cpu 2.21 with the same calls).
Before: no RaggedTensor argument raised tapeflow's ValueError (TF calls op as it is); flat values of other
sizes gave the splits' assertion text; an op changing the outer size failed in with_values."""
import pytest

import framework as tf
from framework.errors import InvalidArgumentError


def _rt():
    return tf.ragged.constant([[1., 2., 3.], [], [4.], [5., 6.]])


def test_sizes_and_output_checks():
    with pytest.raises(ValueError) as caught:
        tf.ragged.map_flat_values(tf.add, _rt(), tf.ragged.constant([[1.], [2.], [3.], [4.]]))
    assert str(caught.value) == ("Input RaggedTensors' flat_values must all have the same outer-dimension size.  "
                                 "Got sizes: {4, 6}")
    with pytest.raises(ValueError) as caught:
        tf.ragged.map_flat_values(lambda x: x[:2], _rt())
    assert str(caught.value) == ('tf.ragged.map_flat_values requires that the output of `op` have the same '
                                 'outer-dimension size as flat_values of any ragged inputs. (output shape: (2,); '
                                 'expected outer dimension size: 6)')
    with pytest.raises(InvalidArgumentError) as caught:
        tf.ragged.map_flat_values(tf.add, _rt(), tf.ragged.constant([[1., 2.], [3.], [4., 5., 6.], []]))
    assert str(caught.value).startswith('RowPartition._merge_precomputed_encodings: partitions have incompatible '
                                        'row_splits Condition x == y did not hold.')
    with pytest.raises(InvalidArgumentError) as caught:      # the operator keeps the plain assertion text
        _rt() + tf.ragged.constant([[1., 2.], [3.], [4., 5., 6.], []])
    assert str(caught.value).startswith('Condition x == y did not hold.')


def test_no_ragged_argument_calls_op():
    assert tf.ragged.map_flat_values(tf.square, tf.constant([1., 2.])).numpy().tolist() == [1., 4.]
