"""tf.random.Generator: TensorFlow's values and state moves.

Golden values printed by TensorFlow 2.21 (tensorflow-cpu, Linux) for the same calls
(/work/notes/progs/random_gen/gen_tf.py); float32 values compare as float32.
"""
import numpy as np
import pytest

import framework as tf


def f32(values):
    return np.asarray(values, dtype=np.float32)


def test_the_random_number_generation_guide():
    g1 = tf.random.Generator.from_seed(1)
    assert np.array_equal(g1.normal(shape=[2, 3]).numpy(),
                          f32([[0.4384227395057678, -0.5343984365463257, -0.07710261642932892],
                               [1.5658046007156372, -0.10123450309038162, -0.2744975984096527]]))
    assert g1.state.numpy().tolist() == [1537, 0, 0]            # counter 1 + 6 values * 256 blocks
    assert g1.state.name == 'StateVar:0' and g1.state.dtype == tf.int64
    g = tf.random.Generator.from_seed(1234)
    assert g.state.numpy().tolist() == [1234, 0, 0]
    assert g.normal([]).numpy() == np.float32(0.9356608986854553)
    assert g.state.numpy().tolist() == [1490, 0, 0]
    g = tf.random.Generator.from_seed(1234)
    g.skip(5)
    assert g.state.numpy().tolist() == [2514, 0, 0]


def test_split_draws_new_keys_and_moves_the_parent_on():
    g = tf.random.Generator.from_seed(1)
    assert g.normal([]).numpy() == np.float32(0.4384227395057678)
    children = g.split(3)
    assert [float(c.normal([]).numpy()) for c in children] == [
        2.5364129543304443, 0.3318646252155304, -0.07144656777381897]
    assert g.normal([]).numpy() == np.float32(-0.7925308346748352)


def test_uniform_in_every_dtype_and_range():
    g = tf.random.Generator.from_seed(7)
    assert g.uniform([5]).numpy().tolist() == [
        0.399328351020813, 0.7840713262557983, 0.6788015365600586, 0.7339589595794678, 0.5520443916320801]
    assert g.uniform([3], minval=-2.0, maxval=3.0, dtype=tf.float64).numpy().tolist() == [
        1.0020343907527156, 1.5668633201286823, -0.04965002335167101]
    assert g.uniform([4], minval=-5, maxval=100, dtype=tf.int32).numpy().tolist() == [7, 80, 62, 28]
    assert g.uniform([3], minval=-5, maxval=10 ** 12, dtype=tf.int64).numpy().tolist() == [
        744550231627, 755222810404, 748911373038]
    assert g.uniform([3], minval=None, maxval=None, dtype=tf.int32).numpy().tolist() == [
        -1947462383, -2104986068, -98197183]
    full = g.uniform_full_int([3])
    assert full.dtype == tf.uint64
    assert full.numpy().tolist() == [7437374051869603411, 1792481268458949929, 15385936574652895809]
    assert g.uniform_full_int([3], dtype=tf.int64).numpy().tolist() == [
        7633394762856555762, 989078271234178208, 8391430607221521975]
    assert g.uniform_full_int([5], dtype=tf.uint32).numpy().tolist() == [
        4276377813, 4235218733, 2144122186, 2135011366, 2637931455]


def test_normals_truncated_normals_and_seeds_continue_the_stream():
    g = tf.random.Generator.from_seed(7)
    g.skip(5 + 3 + 4 + 3 + 3 + 3 + 3 + 5)           # the draws of the test above
    assert np.array_equal(g.truncated_normal([6], mean=1.0, stddev=0.5).numpy(),
                          f32([0.18611806631088257, 0.4950602650642395, 0.41329002380371094, 0.3823426365852356,
                               0.8857126832008362, 1.2390776872634888]))
    assert g.truncated_normal([3], dtype=tf.float64).numpy().tolist() == [
        1.667593544105042, 0.673452717678029, -1.3967634531138156]
    assert g.normal([3], mean=2.0, stddev=3.0, dtype=tf.float64).numpy().tolist() == [
        0.8855113066690548, 2.4410731655746987, -3.776899370545589]
    assert g.normal([5], dtype=tf.float16).numpy().tolist() == [
        1.7080078125, 0.490234375, 1.287109375, 0.24560546875, 0.005016326904296875]
    seeds = g.make_seeds(3)
    assert seeds.dtype == tf.int64 and seeds.numpy().tolist() == [
        [8997378381725768045, -1449352360947344312, 1775404827148869398], [0, 0, 0]]
    assert g.state.numpy().tolist() == [12551, 0, 0]


def test_resets_key_counter_and_copies():
    g = tf.random.Generator.from_seed(7)
    g.reset_from_seed(5)
    assert g.state.numpy().tolist() == [5, 0, 0]
    g.reset_from_key_counter(key=9, counter=[3, 4])
    assert g.state.numpy().tolist() == [3, 4, 9] and int(g.key.numpy()) == 9
    g.reset([1, 2, 3])
    assert np.array_equal(g.normal([2]).numpy(), f32([-0.2601637542247772, -1.2205220460891724]))
    g2 = tf.random.Generator.from_key_counter(key=9, counter=[3, 4], alg='philox')
    assert g2.state.numpy().tolist() == [3, 4, 9] and g2.algorithm == 1
    g3 = tf.random.Generator.from_state([5, 6, 7], alg=tf.random.Algorithm.PHILOX)
    assert np.array_equal(g3.normal([2]).numpy(), f32([-1.287665843963623, 1.1990220546722412]))
    g4 = tf.random.Generator(copy_from=g3)
    assert np.array_equal(g4.normal([2]).numpy(), f32([0.06123228743672371, 0.40697720646858215]))
    assert np.array_equal(g3.normal([2]).numpy(), f32([0.06123228743672371, 0.40697720646858215]))


def test_global_generator_and_non_deterministic_states():
    g5 = tf.random.Generator.from_non_deterministic_state()
    assert g5.state.shape == (3,) and g5.state.dtype == tf.int64 and g5.algorithm == 1
    assert tf.random.get_global_generator() is tf.random.get_global_generator()
    previous = tf.random.get_global_generator()
    try:
        tf.random.set_global_generator(tf.random.Generator.from_seed(3))
        assert tf.random.get_global_generator().normal([2]).numpy().tolist() == [
            -0.43640923500061035, -1.9633986949920654]
    finally:
        tf.random.set_global_generator(previous)


def test_rng_states_and_algorithms():
    assert tf.random.create_rng_state(1234, 'philox').numpy().tolist() == [1234, 0, 0]
    assert tf.random.create_rng_state([12, 34], 'threefry').numpy().tolist() == [12, 34]
    assert tf.random.create_rng_state(2 ** 70 + 5, 'philox').numpy().tolist() == [5, 64, 0]
    assert (tf.random.Algorithm.PHILOX.value, tf.random.Algorithm.THREEFRY.value,
            tf.random.Algorithm.AUTO_SELECT.value) == (1, 2, 3)
    assert str(tf.random.Algorithm.PHILOX) == 'Algorithm.PHILOX'
    assert tf.random.experimental.Generator is tf.random.Generator
    assert tf.random.experimental.get_global_generator is tf.random.get_global_generator
    assert tf.random.experimental.create_rng_state is tf.random.create_rng_state


def test_bad_states_and_algorithms_raise():
    with pytest.raises(ValueError, match=r'Shapes \(2,\) and \[3\] are incompatible'):
        tf.random.Generator.from_state([1, 2], alg='philox')
    with pytest.raises(ValueError, match='unsupported value'):
        tf.random.Generator.from_seed(1, alg='mersenne')
    with pytest.raises(ValueError, match='minval and maxval must be both'):
        tf.random.Generator.from_seed(1).uniform([2], maxval=3, minval=None, dtype=tf.int32)
    with pytest.raises(tf.errors.InvalidArgumentError, match='Need minval < maxval, got 5 >= 3'):
        tf.random.Generator.from_seed(1).uniform([2], minval=5, maxval=3, dtype=tf.int32)
    with pytest.raises(tf.errors.UnimplementedError, match="don't support the ThreeFry algorithm"):
        tf.random.Generator.from_seed(1, alg='threefry').normal([2])


def test_checkpoints_save_the_state_under_tensorflows_key(tmp_path):
    # the guide's "Saving generators" section: a restore rewinds the stream to the saving point
    prefix = str(tmp_path / 'checkpoint')
    g = tf.random.Generator.from_seed(1)
    checkpoint = tf.train.Checkpoint(my_generator=g)
    g.normal([])
    checkpoint.write(prefix)
    after_save = [float(g.normal([]).numpy()), float(g.normal([]).numpy())]
    assert after_save == [1.6272374391555786, 1.6307176351547241]
    checkpoint.restore(prefix)
    assert [float(g.normal([]).numpy()), float(g.normal([]).numpy())] == after_save
    assert ('my_generator/_state_var/.ATTRIBUTES/VARIABLE_VALUE', [3]) in tf.train.list_variables(prefix)
    other = tf.random.Generator.from_seed(2)
    tf.train.Checkpoint(my_generator=other).restore(prefix)
    assert float(other.normal([]).numpy()) == 1.6272374391555786
