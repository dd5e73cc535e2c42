"""A layer's first argument given by name as nested Python numbers: Keras 3 converts no keyword
argument's Python values, flattens the inputs and counts the leaves against the input spec (TF 2.21)."""
import pytest

from framework import keras


@pytest.mark.parametrize('inputs, shown', [
    ([[1.0, 2.0]], '[1.0, 2.0]'),
    (((1.0, 2.0),), '[1.0, 2.0]'),
    ([[1, 2]], '[1, 2]'),
    ([1.0, 2.0], '[1.0, 2.0]'),
    ([[1.0, 2.0], [3.0, 4.0]], '[1.0, 2.0, 3.0, 4.0]'),
])
def test_dense_counts_flattened_leaves(inputs, shown):
    layer = keras.layers.Dense(1, name='d')
    with pytest.raises(ValueError) as err:
        layer(inputs=inputs)
    count = shown.count(',') + 1
    # TF 2.21: 'Layer "d" expects 1 input(s), but it received 2 input tensors. Inputs received: [1.0, 2.0]'
    assert str(err.value) == 'Layer "d" expects 1 input(s), but it received %d input tensors. Inputs received: %s' % (
        count, shown)
    assert not layer.built


def test_positional_python_numbers_still_refused():
    with pytest.raises(ValueError) as err:
        keras.layers.Dense(1)([[1.0, 2.0]])
    assert str(err.value) == ('Only input tensors may be passed as positional arguments. The following argument value '
                              "should be passed as a keyword argument: 1.0 (of type <class 'float'>)")


def test_keyword_nested_list_runs_where_no_spec():
    # TF 2.21: ReLU()(inputs=[[1., 2.]]) gives a (1, 2) float32 tensor
    out = keras.layers.ReLU()(inputs=[[1.0, -2.0]])
    assert out.shape == (1, 2) and out.numpy().tolist() == [[1.0, 0.0]]
