"""tf.concat / tf.split given an axis that is not one integer, and tf.stack given something that is not indexable,
raise TF 2.21's errors (errors42's left items). ConcatV2 reads a scalar or a one-element vector: 'axis tensor
should be a scalar integer, but got shape [2]'; Split a scalar: 'split_dim must be a scalar but has rank 1' (a
Python list takes TF's slow path, without the ' name: ' tail); tapeflow said 'too many values to unpack
(expected 1)' and split along [0]. tf.stack of a generator, a set or a map reads values[0]: "'generator' object
is not subscriptable" (tapeflow: its own InvalidArgumentError, and it stacked a set). Texts printed by TF 2.21
(/work/notes/progs/errors43/axarr.py, left42.py; TF's very first concat of a process prints no ' name: ' tail,
its later ones do, as here)."""
import numpy as np
import pytest

import framework as tf
from framework.errors import InvalidArgumentError

X = np.arange(6, dtype='float32').reshape(2, 3)
_DEVICE = '_device_/job:localhost/replica:0/task:0/device:CPU:0}} '


@pytest.mark.parametrize('axis, shape, tail', [
    (np.array([0, 1]), '2', ' name: concat'), ([0, 1], '2', ''), (np.array([[0]]), '1,1', ' name: concat'),
])
def test_concat_axis_of_another_shape(axis, shape, tail):
    with pytest.raises(InvalidArgumentError) as caught:
        tf.concat([X, X], axis=axis)
    assert str(caught.value) == ('{{function_node __wrapped__ConcatV2_N_2' + _DEVICE + 'axis tensor should be a '
                                 'scalar integer, but got shape [%s] [Op:ConcatV2]%s' % (shape, tail))


def test_concat_takes_a_one_element_axis():
    for axis in ([0], np.array([0]), tf.constant([0])):
        assert tf.concat([X, X, X], axis=axis).shape == (6, 3)


@pytest.mark.parametrize('axis, parts, tail', [
    (np.array([0, 1]), 2, ' name: split'), ([0], 2, ''), (tf.constant([0]), 2, ' name: split'),
    (np.array([1]), 3, ' name: split'),
])
def test_split_dim_must_be_a_scalar(axis, parts, tail):
    with pytest.raises(InvalidArgumentError) as caught:
        tf.split(X, parts, axis=axis)
    assert str(caught.value) == ('{{function_node __wrapped__Split_num_split_%d' % parts + _DEVICE +
                                 'split_dim must be a scalar but has rank 1 [Op:Split]' + tail)


def test_split_by_sizes_takes_a_one_element_axis():
    for axis in ([0], np.array([0])):
        assert [p.shape for p in tf.split(X, [1, 1], axis=axis)] == [(1, 3), (1, 3)]


@pytest.mark.parametrize('values, kind', [
    ((r for r in X), 'generator'), ({1, 2}, 'set'), (map(tf.constant, [1.0, 2.0]), 'map'),
])
def test_stack_reads_values_by_index(values, kind):
    with pytest.raises(TypeError) as caught:
        tf.stack(values)
    assert str(caught.value) == "'%s' object is not subscriptable" % kind
