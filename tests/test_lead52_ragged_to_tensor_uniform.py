"""RaggedTensor.to_tensor in a trace reads a uniform level's traced length (tutorials65's patch): the
expand_dims / stack of a ragged of open rows has that level open too (TF 2.21, probe tutorials65/probes/rops2.py)."""
import framework as tf

RT = tf.ragged.constant([[1, 2], [3], [4, 5, 6]])


def shapes(signature):
    seen = []

    @tf.function(input_signature=[tf.RaggedTensorSpec(signature, tf.int32)])
    def f(rt):
        seen.append([tuple(t.to_tensor().shape.as_list()) for t in (
            tf.expand_dims(rt, 0), tf.stack([rt, rt]), tf.stack([rt, rt], axis=1), tf.expand_dims(rt, 1),
            tf.expand_dims(rt, -1))])
        return rt.to_tensor()
    f(RT)
    return seen[0]


def test_open_rows():
    # TF 2.21: (1, None, None), (2, None, None), (None, None, None), (None, 1, None), (None, None, 1)
    assert shapes([None, None]) == [(1, None, None), (2, None, None), (None, None, None), (None, 1, None),
                                    (None, None, 1)]


def test_known_rows():
    # TF 2.21: (1, 3, None), (2, None, None), (3, None, None), (3, 1, None), (3, None, 1)
    assert shapes([3, None]) == [(1, 3, None), (2, None, None), (3, None, None), (3, 1, None), (3, None, 1)]
