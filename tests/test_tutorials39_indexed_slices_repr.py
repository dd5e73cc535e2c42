"""An Embedding's gradient printed in a list shows the IndexedSlices' repr, which TF 2.21 leaves
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
