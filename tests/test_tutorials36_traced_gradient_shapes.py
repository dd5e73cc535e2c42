"""In a tf.function, tape.gradient's tensors have their sources' traced shapes, and tf.roll keeps its input's.

The deepdream tutorial's DeepDream.__call__ (input_signature [None, None, 3]) adds the gradient to the image
in a ``for n in tf.range(steps)`` loop and calls a functional model on it: tapeflow gave the gradient no
traced shape, so ``img + gradients`` and then the loop's image had an unknown rank, and the model refused it
('as_list() is not defined on an unknown TensorShape.') on the loop's second pass; TiledGradients' tf.roll
lost the shape the same way. Shapes printed by TF 2.21 (probes dd1.py, dd2.py, dd4.py in
/work/notes/progs/tutorials36).
"""
import framework as tf
from framework import keras


def test_gradient_in_a_loop_keeps_the_signature_shape():
    keras.utils.set_random_seed(0)
    inp = keras.Input((None, None, 3))
    model = keras.Model(inp, keras.layers.Conv2D(2, 3)(inp))
    seen = []

    @tf.function(input_signature=(tf.TensorSpec([None, None, 3], tf.float32), tf.TensorSpec([], tf.int32)))
    def dream(img, steps):
        for _ in tf.range(steps):
            with tf.GradientTape() as tape:
                tape.watch(img)
                loss = tf.reduce_mean(model(tf.expand_dims(img, 0)))
            g = tape.gradient(loss, img)
            seen.append(('grad', tuple(g.shape)))
            img = tf.clip_by_value(img + g, -1, 1)
            seen.append(('after', tuple(img.shape)))
        return img

    assert tuple(dream(tf.ones((5, 6, 3)), tf.constant(2)).shape) == (5, 6, 3)
    # (tapeflow runs the body's Python on each pass; TF's one trace of it saw these)
    assert seen[:2] == [('grad', (None, None, 3)), ('after', (None, None, 3))]


def test_roll_and_tile_shapes():
    seen = []

    @tf.function(input_signature=(tf.TensorSpec([None, None, 3], tf.float32), tf.TensorSpec([], tf.int32)))
    def tiles(img, tile_size):
        shift = tf.random.uniform(shape=[2], minval=-tile_size, maxval=tile_size, dtype=tf.int32)
        rolled = tf.roll(img, shift=shift, axis=[0, 1])
        seen.append(tuple(rolled.shape))
        seen.append(tuple(rolled[0:tile_size, 0:tile_size].shape))
        return rolled

    assert tuple(tiles(tf.ones((40, 48, 3)), tf.constant(16)).shape) == (40, 48, 3)
    assert seen == [(None, None, 3), (None, None, 3)]


def test_variable_gradients_take_the_variable_shape():
    v = tf.Variable(tf.ones((2, 3)))
    seen = []

    @tf.function(input_signature=(tf.TensorSpec([None, None, 3], tf.float32),))
    def grads(img):
        with tf.GradientTape() as tape:
            tape.watch(img)
            loss = tf.reduce_sum(tf.square(img)) + tf.reduce_sum(v)
        g_img, g_v = tape.gradient(loss, [img, v])
        seen.extend([tuple(g_img.shape), tuple(g_v.shape)])
        return g_img

    grads(tf.ones((5, 6, 3)))
    assert seen == [(None, None, 3), (2, 3)]
