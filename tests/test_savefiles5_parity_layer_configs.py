"""Layer configs written with Keras 3's keys, key order and values.

Found by sweeping every class of ``keras.layers`` (made with the fewest arguments) and comparing
``json.dumps(layer.get_config())`` under TF 2.21 / Keras 3.15 with tapeflow's; the values below
are Keras's. Key order shows in a saved config.json byte for byte.
"""
import pytest

from framework import keras

L = keras.layers


@pytest.mark.parametrize('make', [lambda: L.MaxPooling2D(), lambda: L.AveragePooling2D(2), lambda: L.MaxPool2D(),
                                  lambda: L.MaxPooling1D(), lambda: L.AveragePooling3D(2)])
def test_pooling_keys_in_kerass_order(make):
    assert list(make().get_config()) == ['name', 'trainable', 'dtype', 'pool_size', 'padding', 'strides',
                                         'data_format']


def test_elu_writes_alpha_after_its_name():
    # Keras 3's ELU has no get_config of its own: its automatic config lists __init__'s arguments first
    assert list(L.ELU(0.5).get_config()) == ['name', 'alpha', 'trainable', 'dtype']
    assert L.ELU.from_config(L.ELU(0.5).get_config()).alpha == 0.5


def test_average_pooling_2d_needs_a_pool_size():
    with pytest.raises(TypeError):
        L.AveragePooling2D()
    assert L.AveragePooling2D(3).pool_size == (3, 3)
    assert L.MaxPooling2D().pool_size == (2, 2)


@pytest.mark.parametrize('kwargs, size', [({}, 2), ({'max_tokens': 10}, 2), ({'output_mode': 'multi_hot'}, 1),
                                          ({'vocabulary': ['x', 'y']}, 4)])
def test_text_vectorization_writes_its_live_vocabulary_size(kwargs, size):
    # Keras 3.15: TextVectorization's config says vocabulary_size(), '' and '[UNK]' before adapt (a
    # StringLookup's says the size it froze, None here)
    assert L.TextVectorization(**kwargs).get_config()['vocabulary_size'] == size
    assert L.StringLookup().get_config()['vocabulary_size'] is None


def test_l1_and_orthogonal_factors_are_written_as_float32_values():
    # Keras 3.15 keeps L1's l1 and OrthogonalRegularizer's factor as float32 tensors (L2 and L1L2 keep
    # Python floats); a saved Dense(activity_regularizer=L1(0.001)) says 0.0010000000474974513
    R = keras.regularizers
    assert R.L1(0.001).get_config() == {'l1': 0.0010000000474974513}
    assert R.get('l1').get_config() == {'l1': 0.009999999776482582}
    assert R.OrthogonalRegularizer(0.03).get_config() == {'factor': 0.029999999329447746, 'mode': 'rows'}
    assert R.L1L2(0.001, 0.003).get_config() == {'l1': 0.001, 'l2': 0.003}
    assert R.L2(0.001).get_config() == {'l2': 0.001}
    dense = L.Dense(2, activity_regularizer=R.L1(0.001))
    assert dense.get_config()['activity_regularizer']['config'] == {'l1': 0.0010000000474974513}
    assert R.L1.from_config(R.L1(0.001).get_config()).get_config() == R.L1(0.001).get_config()


def test_loss_metric_and_initializer_configs_are_kerass():
    # Keras 3.15 (a sweep of keras.losses / keras.metrics / keras.initializers get_config):
    # the focal losses list from_logits, label_smoothing and axis first; the CosineSimilarity
    # metric writes no axis; the Identity initializer writes no gain ({}, gain 1.0 when read back)
    assert list(keras.losses.BinaryFocalCrossentropy().get_config()) == [
        'name', 'reduction', 'from_logits', 'label_smoothing', 'axis', 'apply_class_balancing', 'alpha', 'gamma']
    assert list(keras.losses.CategoricalFocalCrossentropy().get_config()) == [
        'name', 'reduction', 'from_logits', 'label_smoothing', 'axis', 'alpha', 'gamma']
    assert keras.metrics.CosineSimilarity(axis=1).get_config() == {'name': 'cosine_similarity', 'dtype': 'float32'}
    assert keras.initializers.Identity(gain=0.7).get_config() == {}
    loss = keras.losses.BinaryFocalCrossentropy(alpha=0.3, gamma=1.5)
    assert keras.losses.BinaryFocalCrossentropy.from_config(loss.get_config()).get_config() == loss.get_config()
