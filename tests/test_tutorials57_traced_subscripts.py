"""Subscripts with tensors in a trace have TF 2.21's static shapes.

A scalar tensor index makes StridedSlice's begin / end known only at run time: TF's shape function then leaves
every sliced length open but keeps the axes past the index; a boolean tensor is a boolean_mask (a row per true
element). tapeflow gave these an unknown shape (a Dataset.map's element_spec TensorSpec(shape=<unknown>)).
"""
import framework as tf


def test_printed_shapes(capsys):
    @tf.function(input_signature=[tf.TensorSpec([None, 3], tf.float32), tf.TensorSpec([], tf.int32)])
    def f(x, i):
        for y in (x[i], x[0], x[i, 1:], x[x > 0], x[:, 0][x[:, 0] > 0], x[tf.reduce_all(x > 0, axis=1)],
                  x[..., i], x[i:i + 2]):
            print(y.shape)
        return 0

    f(tf.ones([2, 3]), tf.constant(0))
    # TF 2.21's static shapes
    assert capsys.readouterr().out.splitlines() == [
        '(3,)', '(3,)', '(None,)', '(None,)', '(None,)', '(None, 3)', '(None,)', '(None, 3)']


def test_map_element_spec_of_masked_words():
    ds = tf.data.Dataset.from_tensor_slices(['Hello World', 'a b c d']).map(
        lambda t: tf.strings.split(t)[tf.strings.length(tf.strings.split(t)) > 1])
    # TF 2.21: TensorSpec(shape=(None,), dtype=tf.string, name=None)
    assert repr(ds.element_spec) == 'TensorSpec(shape=(None,), dtype=tf.string, name=None)'
    assert [x.numpy().tolist() for x in ds] == [[b'Hello', b'World'], []]


def test_gather_nd_transpose_sparse_xent_shapes(capsys):
    spec = [tf.TensorSpec([None, 3], tf.float32), tf.TensorSpec([None, 1], tf.int32),
            tf.TensorSpec([None, 2], tf.int32), tf.TensorSpec([None], tf.int32)]

    @tf.function(input_signature=spec)
    def f(x, i1, i2, lab):
        print(tf.gather_nd(x, i1).shape, tf.gather_nd(x, i2).shape, tf.gather_nd(x, [[0, 1], [1, 2]]).shape,
              tf.gather_nd(x, [0]).shape)
        print(tf.linalg.matrix_transpose(x).shape, tf.linalg.matrix_transpose(tf.reshape(x, [2, -1, 3])).shape)
        print(tf.nn.sparse_softmax_cross_entropy_with_logits(lab, x).shape)
        return 0

    f(tf.ones([2, 3]), tf.zeros([2, 1], tf.int32), tf.zeros([2, 2], tf.int32), tf.zeros([2], tf.int32))
    # TF 2.21's static shapes (tapeflow's were unknown)
    assert capsys.readouterr().out.splitlines() == [
        '(None, 3) (None,) (2,) (3,)', '(3, None) (2, 3, None)', '(None,)']


def test_boolean_mask_names(capsys):
    @tf.function(input_signature=[tf.TensorSpec([None, 3], tf.float32), tf.TensorSpec([], tf.int32)])
    def f(x, i):
        print(x[i])
        print(x[x > 0])
        print(x[:, 0][x[:, 0] > 0])
        print(x[..., i])
        return 0

    f(tf.ones([2, 3]), tf.constant(0))
    # TF 2.21: x[mask] is tf.boolean_mask, which takes no strided_slice name
    assert capsys.readouterr().out.splitlines() == [
        'Tensor("strided_slice:0", shape=(3,), dtype=float32)',
        'Tensor("boolean_mask/GatherV2:0", shape=(None,), dtype=float32)',
        'Tensor("boolean_mask_1/GatherV2:0", shape=(None,), dtype=float32)',
        'Tensor("strided_slice_3:0", shape=(None,), dtype=float32)']
