"""get_variable's regularizers under tf.compat.v1 eagerly: the penalties join REGULARIZATION_LOSSES and are
computed from the variables when read, as TF 2.21's lazy tensors are (/work/notes/progs/compat2/p14.py)."""
import framework as tf

v1 = tf.compat.v1


def test_penalties_follow_the_variables_and_sum_in_get_regularization_loss():
    before = v1.get_collection(v1.GraphKeys.REGULARIZATION_LOSSES)
    assert v1.GraphKeys.REGULARIZATION_LOSSES == 'regularization_losses'
    with v1.variable_scope('regnet', regularizer=lambda w: 0.5 * tf.reduce_sum(tf.square(w))):
        w = v1.get_variable('w', [2], initializer=v1.ones_initializer())
    r = v1.get_variable('regr', [2], initializer=v1.ones_initializer(), regularizer=lambda w: 0.1 * tf.reduce_sum(w))
    losses = v1.losses.get_regularization_losses()[len(before):]
    assert [float(loss) for loss in losses] == [1.0, 0.20000000298023224]
    if not before:
        assert float(v1.losses.get_regularization_loss()) == 1.2000000476837158
    w.assign([2.0, 3.0])
    assert [float(loss) for loss in v1.losses.get_regularization_losses()[len(before):]] == [6.5, 0.20000000298023224]
    assert v1.losses.get_regularization_losses('regnet') == []     # eager tensors have no name to match
    assert float(v1.losses.get_regularization_loss(scope='nothing')) == 0.0
    with tf.GradientTape() as tape:
        total = tf.add_n(v1.losses.get_regularization_losses()[len(before):])
    grads = tape.gradient(total, [w, r])
    assert [g.numpy().tolist() for g in grads] == [[2.0, 3.0], [0.10000000149011612, 0.10000000149011612]]


def test_collections_keep_what_is_added():
    v1.add_to_collection('compat2_foo', 3)
    assert v1.get_collection('compat2_foo') == [3] and v1.get_collection_ref('compat2_foo') == [3]
    assert v1.get_collection('compat2_nothing') == []
