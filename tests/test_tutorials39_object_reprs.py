"""Objects whose repr TF 2.21 leaves to Python name TF's module. An Embedding's gradient printed in a list
shows the IndexedSlices' repr, which TF 2.21 leaves
to object's: printed by TF 2.21 (progs/tutorials39/autodiff_extra2.py)

    emb = tf.keras.layers.Embedding(5, 3)
    with tf.GradientTape() as tape:
        y = tf.reduce_sum(emb(tf.constant([[1, 2, 1]])) ** 2)
    print(tape.gradient(y, emb.trainable_variables))
    # [<tensorflow.python.framework.indexed_slices.IndexedSlices object at 0x7fd24dcbbc10>]

tapeflow printed [<framework.indexed_slices.IndexedSlices object at 0x...>].
"""
import re

import framework as tf


def test_an_embedding_gradient_list_prints_tf_repr():
    emb = tf.keras.layers.Embedding(5, 3)
    with tf.GradientTape() as tape:
        y = tf.reduce_sum(emb(tf.constant([[1, 2, 1]])) ** 2)
    (grad,) = tape.gradient(y, emb.trainable_variables)
    text = repr([grad])
    assert re.fullmatch(r'\[<tensorflow\.python\.framework\.indexed_slices\.IndexedSlices object at 0x[0-9a-f]+>\]',
                        text), text
    assert text == '[<tensorflow.python.framework.indexed_slices.IndexedSlices object at %s>]' % hex(id(grad))
    assert str(grad).startswith('IndexedSlices(indices=tf.Tensor([1 2 1], shape=(3,), dtype=int32), values=')


def _pinned(obj, path):
    assert repr(obj) == '<%s object at %s>' % (path, hex(id(obj)))


def test_tf_objects_keep_object_repr_with_tf_module(tmp_path):
    # printed by TF 2.21 (progs/tutorials39/reprs.py, t39_repr2.py): '<tensorflow.python.module.module.Module
    # object at 0x...>' and so on; tapeflow named its own modules (<framework.module.Module object at 0x...>)
    from framework import keras
    variable = tf.Variable(1.0)
    checkpoint = tf.train.Checkpoint(v=variable)
    status = checkpoint.restore(checkpoint.save(str(tmp_path / 'ck')))
    manager = tf.train.CheckpointManager(checkpoint, str(tmp_path / 'm'), max_to_keep=2)
    _pinned(checkpoint, 'tensorflow.python.checkpoint.checkpoint.Checkpoint')
    _pinned(status, 'tensorflow.python.checkpoint.checkpoint.CheckpointLoadStatus')
    _pinned(manager, 'tensorflow.python.checkpoint.checkpoint_management.CheckpointManager')
    _pinned(tf.Module(), 'tensorflow.python.module.module.Module')
    _pinned(tf.random.Generator.from_seed(1), 'tensorflow.python.ops.stateful_random_ops.Generator')
    _pinned(keras.random.SeedGenerator(1), 'keras.src.random.seed_generator.SeedGenerator')
    _pinned(iter(tf.data.Dataset.range(3)), 'tensorflow.python.data.ops.iterator_ops.OwnedIterator')
    _pinned(tf.data.Options(), 'tensorflow.python.data.ops.options.Options')
    _pinned(tf.distribute.get_strategy(), 'tensorflow.python.distribute.distribute_lib._DefaultDistributionStrategy')


def test_user_subclasses_keep_their_own_module():
    class Dense(tf.Module):
        pass

    _pinned(Dense(), '%s.test_user_subclasses_keep_their_own_module.<locals>.Dense' % __name__)
