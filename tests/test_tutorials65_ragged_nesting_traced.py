"""tf.expand_dims and tf.stack of RaggedTensors in a trace have TF 2.21's static shapes: TF builds them from the
input's row count, so open rows leave the new levels open (tf.expand_dims(rt, 0) is (1, None, None), where
tapeflow showed the run's (1, 3, None); tf.stack([rt, rt]).values (None, None), where it showed (6, None)), and a
RaggedTensorSpec argument's nested levels are open ((None, None) values, where the run's (6, None) showed).
Expected shapes are TF 2.21's (printed by /work/notes/progs/tutorials65/probes/rops.py and rops2.py)."""
import framework as tf

RT = tf.ragged.constant([[1, 2], [3], [4, 5, 6]])
RT3 = tf.ragged.constant([[[1, 2], [3]], [[4]], [[5, 6], [], [7]]])


def _parts(r):
    return (tuple(r.shape), tuple(r.row_splits.shape), tuple(r.values.shape))


def _shapes(rows):
    seen = {}

    @tf.function(input_signature=[tf.RaggedTensorSpec([rows, None], tf.int32),
                                  tf.RaggedTensorSpec([None, None, None], tf.int32)])
    def f(rt, r3):
        made = {'ed0': tf.expand_dims(rt, 0), 'ed1': tf.expand_dims(rt, 1), 'ed-1': tf.expand_dims(rt, -1),
                'ed-2': tf.expand_dims(rt, -2), 'st0': tf.stack([rt, rt]), 'st1': tf.stack([rt, rt], axis=1),
                'st3': tf.stack([rt, rt, rt]), 'r3ed0': tf.expand_dims(r3, 0), 'r3ed2': tf.expand_dims(r3, 2),
                'r3ed3': tf.expand_dims(r3, 3), 'r3st0': tf.stack([r3, r3])}
        seen.update({k: _parts(v) for k, v in made.items()})
        seen['r3values'] = tuple(r3.values.shape)
        seen['r3ed3_flat'] = tuple(made['r3ed3'].flat_values.shape)
        seen['dense'] = [tuple(made[k].to_tensor().shape) for k in ('st0', 'st1', 'ed1', 'ed-1')]
        seen['sum'] = tuple(tf.reduce_sum(made['ed-1'], axis=1).shape)
        return rt.to_tensor()
    assert f(RT, RT3).numpy().tolist() == [[1, 2, 0], [3, 0, 0], [4, 5, 6]]
    return seen


# a RaggedTensorSpec([None, None, None]) argument's results: the same for both row signatures (TF 2.21)
NESTED = {'r3ed0': ((1, None, None, None), (2,), (None, None, None)),
          'r3ed2': ((None, None, 1, None), (None,), (None, 1, None)),
          'r3ed3': ((None, None, None, 1), (None,), (None, None, 1)),
          'r3st0': ((2, None, None, None), (3,), (None, None, None)),
          'r3values': (None, None), 'r3ed3_flat': (None, 1)}


def test_open_rows():
    # TF 2.21: every level the rows make is open; stack's outer rows are the inputs' count
    assert _shapes(None) == dict(NESTED, **{
        'ed0': ((1, None, None), (2,), (None, None)), 'ed1': ((None, 1, None), (None,), (None, None)),
        'ed-1': ((None, None, 1), (None,), (None, 1)), 'ed-2': ((None, 1, None), (None,), (None, None)),
        'st0': ((2, None, None), (3,), (None, None)), 'st1': ((None, None, None), (None,), (None, None)),
        'st3': ((3, None, None), (4,), (None, None)),
        'dense': [(2, None, None), (None, None, None), (None, 1, None), (None, None, 1)], 'sum': (None, 1)})


def test_three_rows():
    # TF 2.21: known rows are carried (stack on axis 0 adds them up: 6, 9), the values stay open (the
    # argument's are), stack on axis 1 gathers its rows (open)
    assert _shapes(3) == dict(NESTED, **{
        'ed0': ((1, 3, None), (2,), (3, None)), 'ed1': ((3, 1, None), (4,), (3, None)),
        'ed-1': ((3, None, 1), (4,), (None, 1)), 'ed-2': ((3, 1, None), (4,), (3, None)),
        'st0': ((2, None, None), (3,), (6, None)), 'st1': ((3, None, None), (4,), (None, None)),
        'st3': ((3, None, None), (4,), (9, None)),
        'dense': [(2, None, None), (3, None, None), (3, 1, None), (3, None, 1)], 'sum': (3, 1)})


def test_map_over_ragged_batches():
    # TF 2.21's element_spec: expand_dims(x, 0) of a batch is [1, None, None] (tapeflow kept the run's 2), stack
    # keeps its 2 inputs (tapeflow opened it as a batch size)
    ds = tf.data.Dataset.from_tensor_slices(RT).batch(2)
    specs = [ds.map(fn).element_spec for fn in (
        lambda x: tf.expand_dims(x, 0), lambda x: tf.expand_dims(x, 1), lambda x: tf.expand_dims(x, -1),
        lambda x: tf.stack([x, x]), lambda x: tf.stack([x, x], axis=1))]
    assert [(s.shape.as_list(), s.ragged_rank) for s in specs] == [
        ([1, None, None], 2), ([None, 1, None], 2), ([None, None, 1], 1), ([2, None, None], 2),
        ([None, None, None], 2)]
    stacked = [b.to_list() for b in ds.map(lambda x: tf.stack([x, x], axis=1))]
    assert stacked == [[[[1, 2], [1, 2]], [[3], [3]]], [[[4, 5, 6], [4, 5, 6]]]]
