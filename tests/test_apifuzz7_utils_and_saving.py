"""keras.utils helpers, model_from_json and CheckpointManager given bad input, raising what TF 2.21 / Keras 3 raise.
Goldens: the same calls under TF 2.21 (/work/notes/progs/apifuzz7/cases3.py: tc|*, ps|*, json|*, ckpt|*)."""
import numpy as np
import pytest

import framework as tf
from framework import keras

_ZERO_SIZE = '^zero-size array to reduction operation maximum which has no identity'


def test_to_categorical_casts_labels_as_keras():
    with pytest.raises(ValueError, match=r"^invalid literal for int\(\) with base 10: 'a'"):
        keras.utils.to_categorical(['a', 'b'])
    with pytest.raises(TypeError, match=r"^int\(\) argument must be a string, a bytes-like object or a real number, "
                                        r"not 'NoneType'"):
        keras.utils.to_categorical(None)
    assert keras.utils.to_categorical(['1', '2']).tolist() == [[0, 1, 0], [0, 0, 1]]     # digits pass in Keras


def test_no_labels_or_sequences_without_a_size_raise_numpy_zero_size_error():
    with pytest.raises(ValueError, match=_ZERO_SIZE):
        keras.utils.to_categorical([])
    with pytest.raises(ValueError, match=_ZERO_SIZE):
        keras.utils.pad_sequences([])
    assert keras.utils.to_categorical([], num_classes=3).shape == (0, 3)
    assert keras.utils.pad_sequences([], maxlen=2).shape == (0, 2)


def test_model_from_json_of_none_lets_json_type_error_through():
    with pytest.raises(TypeError, match='^the JSON object must be str, bytes or bytearray, not NoneType'):
        keras.models.model_from_json(None)


@pytest.mark.parametrize('keep', [0, -1])
def test_checkpoint_manager_refuses_max_to_keep_below_one_with_tf_text(tmp_path, keep):
    checkpoint = tf.train.Checkpoint(v=tf.Variable(1.0))
    with pytest.raises(ValueError) as caught:
        tf.train.CheckpointManager(checkpoint, str(tmp_path), max_to_keep=keep)
    assert str(caught.value) == 'Expected a positive integer or `None` for `max_to_keep`, got %d.' % keep


def test_checkpoint_manager_compares_max_to_keep_as_tf_does(tmp_path):
    checkpoint = tf.train.Checkpoint(v=tf.Variable(1.0))
    with pytest.raises(TypeError, match="^'<=' not supported between instances of 'str' and 'int'"):
        tf.train.CheckpointManager(checkpoint, str(tmp_path), max_to_keep='a')
    manager = tf.train.CheckpointManager(checkpoint, str(tmp_path), max_to_keep=1.5)     # TF takes it
    for _ in range(3):
        manager.save()
    assert len(manager.checkpoints) == 1


def test_checkpoint_save_formats_any_prefix_as_tf(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    checkpoint = tf.train.Checkpoint(v=tf.Variable(1.0))
    assert checkpoint.save(3) == '3-1'             # TF 2.21: '3-1'
    assert tf.train.latest_checkpoint(str(tmp_path)).endswith('3-1')


def test_text_vectorization_takes_a_negative_sequence_length_and_refuses_it_when_called():
    layer = keras.layers.TextVectorization(output_sequence_length=-1)       # Keras 3 makes it
    layer.adapt(np.array(['the cat sat', 'the dog ran']))
    with pytest.raises(ValueError, match='Dimension -1 must be >= 0'):      # TF's TensorShape text
        layer(np.array(['the cat']))


def _summary(**kwargs):
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2), keras.layers.Dense(1)])
    lines = []
    model.summary(print_fn=lambda line, **_: lines.append(line), **kwargs)
    return lines


@pytest.mark.parametrize('layer_range, text', [
    (['dense'], "layer_range must be a list or tuple of length 2. Received: layer_range = ['dense'] of length 1"),
    ('dense', 'layer_range must be a list or tuple of length 2. Received: layer_range = dense of length 5'),
    ([0, 1], 'layer_range should contain string type only. Received: [0, 1]'),
    (['zz', 'yy'], "Passed layer_names do not match the layer names in the model. Received: ['zz', 'yy']"),
])
def test_summary_layer_range_is_checked_with_keras_texts(layer_range, text):
    with pytest.raises(ValueError) as caught:
        _summary(layer_range=layer_range)
    assert str(caught.value) == text


def test_checkpoint_attributes_that_are_not_trackable_are_plain_and_unsaved(tmp_path):
    checkpoint = tf.train.Checkpoint()
    checkpoint.x, checkpoint.z = 3, tf.Variable(2.0)          # TF 2.21 takes both
    path = checkpoint.save(str(tmp_path / 'c'))
    assert [name for name, _ in tf.train.list_variables(path)] == [
        '_CHECKPOINTABLE_OBJECT_GRAPH', 'save_counter/.ATTRIBUTES/VARIABLE_VALUE', 'z/.ATTRIBUTES/VARIABLE_VALUE']
    again = tf.train.Checkpoint()
    again.x, again.z = 5, tf.Variable(0.0)
    again.restore(path)
    assert again.x == 5 and float(again.z.numpy()) == 2.0
    with pytest.raises(ValueError, match='^`Checkpoint` was expecting v to be a trackable object'):
        tf.train.Checkpoint(v=3)                                # the constructor still refuses it, as TF
