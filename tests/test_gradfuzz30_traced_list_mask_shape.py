"""tf.boolean_mask with a Python list of bools as its mask, in a tf.function: the trace's shape drops one axis per
mask axis, as TF 2.21's (gradfuzz30, notes/progs/gradfuzz30/p8.py). tapeflow took a list's rank as 0 and printed
(None, 4, 3) for a (4, 3) tensor masked by a list of 4 bools, where TF prints (None, 3)."""
import framework as tf


def test_list_masks_drop_their_axes_in_the_trace():
    seen = []

    @tf.function
    def f(x):
        a = tf.boolean_mask(x, [True, False])
        b = tf.boolean_mask(x, [[True, False, True], [False, False, True]])
        c = tf.boolean_mask(x, [True, False], axis=0)
        d = tf.boolean_mask(x, tf.constant([True, False]))
        for t in (a, b, c, d):
            seen.append((tuple(t.shape), str(t)))
        return a, b

    a, b = f(tf.reshape(tf.range(24.0), (2, 3, 4)))
    # TF 2.21's prints (p8.py)
    assert seen == [
        ((None, 3, 4), 'Tensor("boolean_mask/GatherV2:0", shape=(None, 3, 4), dtype=float32)'),
        ((None, 4), 'Tensor("boolean_mask_1/GatherV2:0", shape=(None, 4), dtype=float32)'),
        ((None, 3, 4), 'Tensor("boolean_mask_2/GatherV2:0", shape=(None, 3, 4), dtype=float32)'),
        ((None, 3, 4), 'Tensor("boolean_mask_3/GatherV2:0", shape=(None, 3, 4), dtype=float32)'),
    ]
    assert a.shape == (1, 3, 4) and b.shape == (3, 4)
