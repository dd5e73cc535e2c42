"""Lambda.compute_output_shape without output_shape, for a function that fails on stand-ins of the
inputs, raises Keras 3's NotImplementedError, as TF 2.21 / Keras 3.15 (its bare except turns any
failure into it). tapeflow raised the function's own error (AttributeError for ``x.numpy()``,
InvalidArgumentError for an index out of range). Texts printed by TF 2.21
(/work/notes/progs/seeds2/w/w35_lambda_cos.py)."""
import pytest

from framework import keras

NOT_INFERRED = ("We could not automatically infer the shape of the Lambda's output. Please specify the "
                "`output_shape` argument for this Lambda layer.")


@pytest.mark.parametrize('function', [lambda x: x[:, 10], lambda x: x.numpy() * 2], ids=['index', 'numpy'])
@pytest.mark.parametrize('shape', [(None, 2), (3, 2)])
def test_a_failing_function_is_keras_not_implemented_error(function, shape):
    layer = keras.layers.Lambda(function)
    with pytest.raises(NotImplementedError) as info:
        layer.compute_output_shape(shape)
    assert str(info.value) == NOT_INFERRED
    assert any('the function failed on stand-ins' in note for note in info.value.__notes__)


def test_a_function_that_runs_gives_its_shape():
    # TF 2.21: (None, 2) and (3, 2)
    layer = keras.layers.Lambda(lambda x: x * 2)
    assert tuple(layer.compute_output_shape((None, 2))) == (None, 2)
    assert tuple(layer.compute_output_shape((3, 2))) == (3, 2)
