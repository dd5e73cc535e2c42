"""tf.train.Checkpoint of a dataset iterator whose dataset reshuffles: the restored iterator makes the
elements the saved one made next, as TF 2.21's does (it saves each stage's seeds and its seed generator's
count). Values from TF 2.21 (probe /work/notes/progs/kerasio50/p9.py); before, tapeflow replayed the
dataset under fresh seeds, so a restore gave another shuffle order."""
import numpy as np

import framework as tf
from framework import keras


def _take(iterator, n):
    return [next(iterator).numpy().tolist() for _ in range(n)]


def _shuffled():
    return tf.data.Dataset.range(7).shuffle(7, seed=3).repeat(3).batch(4)


def test_restored_iterator_continues_the_saved_shuffle(tmp_path):
    tf.random.set_seed(1)
    dataset = _shuffled()
    iterator = iter(dataset)
    # TF 2.21 gives [[1, 2, 4, 0], [6, 5, 3, 3]], then the rest below, again after the restore
    assert _take(iterator, 2) == [[1, 2, 4, 0], [6, 5, 3, 3]]
    path = tf.train.Checkpoint(it=iterator).save(str(tmp_path / 'c'))
    rest = [[5, 4, 6, 0], [1, 2, 4, 5], [2, 6, 3, 0], [1]]
    assert _take(iterator, 4) == rest
    tf.train.Checkpoint(it=iterator).restore(path).assert_consumed()
    assert _take(iterator, 4) == rest


def test_fresh_dataset_restores_the_saved_order_and_seed_count(tmp_path):
    # A fresh dataset (as a new program makes it) and a fresh iterator that already read a batch.
    tf.random.set_seed(1)
    iterator = iter(_shuffled())
    _take(iterator, 2)
    path = tf.train.Checkpoint(it=iterator).save(str(tmp_path / 'c'))
    dataset = _shuffled()
    fresh = iter(dataset)
    assert _take(fresh, 1) == [[1, 2, 4, 0]]
    tf.train.Checkpoint(it=fresh).restore(path)
    assert _take(fresh, 4) == [[5, 4, 6, 0], [1, 2, 4, 5], [2, 6, 3, 0], [1]]
    # the dataset's shuffle drew on from the saved count: TF 2.21's next iterator starts so
    assert _take(iter(dataset), 2) == [[1, 3, 2, 5], [6, 4, 0, 1]]


def test_random_and_sampled_datasets_restore_their_draws(tmp_path):
    tf.random.set_seed(1)
    randoms = tf.data.Dataset.random(seed=4, rerandomize_each_iteration=True).take(6).map(lambda v: v % 100)
    iterator = iter(randoms)
    assert _take(iterator, 2) == [96, 56]        # TF 2.21
    path = tf.train.Checkpoint(it=iterator).save(str(tmp_path / 'r'))
    assert _take(iterator, 3) == [11, 77, 38]
    other = iter(randoms)
    tf.train.Checkpoint(it=other).restore(path)
    assert _take(other, 3) == [11, 77, 38]

    sampled = tf.data.Dataset.sample_from_datasets(
        [tf.data.Dataset.range(0, 10), tf.data.Dataset.range(100, 110)], seed=5, rerandomize_each_iteration=True)
    iterator = iter(sampled)
    assert _take(iterator, 3) == [100, 0, 1]     # TF 2.21
    path = tf.train.Checkpoint(it=iterator).save(str(tmp_path / 's'))
    assert _take(iterator, 4) == [2, 101, 3, 102]
    other = iter(sampled)
    tf.train.Checkpoint(it=other).restore(path)
    assert _take(other, 4) == [2, 101, 3, 102]


def test_training_loop_resumes_on_the_same_batches(tmp_path):
    # The checkpoints guide's loop (step, net, optimizer, iterator) over a shuffled, repeated dataset.
    tf.random.set_seed(1)
    keras.utils.set_random_seed(0)
    x = np.arange(24, dtype='float32').reshape(12, 2) / 10
    y = x.sum(1, keepdims=True)
    batches = iter(tf.data.Dataset.from_tensor_slices((x, y)).shuffle(12, seed=6).repeat().batch(4))
    net = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1)])
    opt = keras.optimizers.SGD(0.1)
    step = tf.Variable(0)
    checkpoint = tf.train.Checkpoint(step=step, net=net, optimizer=opt, iterator=batches)

    def train(n):
        losses = []
        for _ in range(n):
            xb, yb = next(batches)
            with tf.GradientTape() as tape:
                loss = tf.reduce_mean((net(xb) - yb) ** 2)
            opt.apply_gradients(zip(tape.gradient(loss, net.trainable_variables), net.trainable_variables))
            step.assign_add(1)
            losses.append(round(float(loss), 5))
        return losses
    train(4)
    path = checkpoint.save(str(tmp_path / 'g'))
    after = train(3)
    assert after == [0.05567, 0.1327, 0.09361]   # TF 2.21 (rounded to 5 places)
    checkpoint.restore(path).assert_consumed()
    assert train(3) == after and int(step.numpy()) == 7


def test_unshuffled_iterator_saves_its_count_alone(tmp_path):
    iterator = iter(tf.data.Dataset.range(6).batch(2))
    next(iterator)
    path = tf.train.Checkpoint(it=iterator).save(str(tmp_path / 'c'))
    assert dict(tf.train.list_variables(path))['it/.ATTRIBUTES/ITERATOR_STATE'] == [1]
    fresh = iter(tf.data.Dataset.range(6).batch(2))
    tf.train.Checkpoint(it=fresh).restore(path).assert_consumed()
    assert _take(fresh, 2) == [[2, 3], [4, 5]]
