"""keras.callbacks.OrbaxCheckpoint: TF 2.21's Keras exports it and its constructor loads orbax first; in
TF's own install (no orbax-checkpoint) `keras.callbacks.OrbaxCheckpoint('ckpt')` raises ImportError
"OrbaxCheckpoint requires the 'orbax-checkpoint' package. You can install it via pip install
orbax-checkpoint" (printed by TF 2.21). tapeflow had no such name (AttributeError)."""
import importlib.util

import pytest

from framework import keras


@pytest.mark.skipif(importlib.util.find_spec('orbax') is not None, reason='orbax-checkpoint is installed here')
def test_orbax_checkpoint_refuses_as_keras_does_without_orbax():
    with pytest.raises(ImportError, match=r"^OrbaxCheckpoint requires the 'orbax-checkpoint' package. You can "
                                          r"install it via pip install orbax-checkpoint$"):
        keras.callbacks.OrbaxCheckpoint('ckpt', monitor='loss', save_freq=2)


def test_orbax_checkpoint_is_a_keras_callbacks_name():
    assert issubclass(keras.callbacks.OrbaxCheckpoint, keras.callbacks.Callback)
    assert 'OrbaxCheckpoint' in dir(keras.callbacks)


def test_mixed_precision_listing_is_kerass():
    # TF 2.21: [n for n in dir(keras.mixed_precision) if not n.startswith('_')]
    assert [n for n in dir(keras.mixed_precision) if not n.startswith('_')] == [
        'DTypePolicy', 'LossScaleOptimizer', 'Policy', 'dtype_policy', 'global_policy', 'set_dtype_policy',
        'set_global_policy']
    assert keras.mixed_precision.LossScaleOptimizer is keras.optimizers.LossScaleOptimizer
