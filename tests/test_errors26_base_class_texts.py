"""Base classes used without their override, and a Wrapper given no layer: TF 2.21 / Keras 3.15's
exception classes and words (probe: notes/progs/errors26 j1 / j4); tapeflow's sentences ride as notes."""
import pytest

from framework import keras


def test_loss_without_call_is_keras_bare_not_implemented_error():
    # TF 2.21: NotImplementedError with no text, from Loss.call
    with pytest.raises(NotImplementedError) as info:
        keras.losses.Loss()(keras.ops.ones(2), keras.ops.ones(2))
    assert str(info.value) == ''
    assert info.value.__notes__ == ['Loss must override call(y_true, y_pred) to return per-sample losses']


def test_metric_without_result_or_update_state_is_not_implemented_error():
    with pytest.raises(NotImplementedError) as info:
        keras.metrics.Metric().result()
    assert str(info.value) == ''
    assert info.value.__notes__ == ['Metric must override result()']

    class Counted(keras.metrics.Metric):
        pass

    with pytest.raises(NotImplementedError) as info:
        Counted().update_state(1.0)
    assert str(info.value) == ''
    assert info.value.__notes__ == ['Counted must override update_state(...)']


@pytest.mark.parametrize('value, text', [
    (3, "Layer 3 supplied to Wrapper isn't a supported layer type. Please ensure wrapped layer is a valid Keras "
        "layer."),
    (None, "Layer None supplied to Wrapper isn't a supported layer type. Please ensure wrapped layer is a valid "
           "Keras layer."),
])
def test_spectral_normalization_of_no_layer_has_keras_wrapper_text(value, text):
    with pytest.raises(ValueError) as info:
        keras.layers.SpectralNormalization(value)
    assert str(info.value) == text
    assert info.value.__notes__ == ['SpectralNormalization: wrap a Layer instance, got %r' % (value,)]
