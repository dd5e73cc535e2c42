"""guide/intro_to_modules: a tf.Module attribute that is a plain tuple, list or dict mixing variables with
constants. TensorFlow 2.21 checkpoints only the trackable items and keeps their indices ('pair/0', not the
constant at 1); tapeflow's Checkpoint.write raised AttributeError "'EagerTensor' object has no attribute
'variables'". Keys: TF 2.21 (notes progs/tutorials33/m1_module_keras_mix.py)."""
import framework as tf


class Holder(tf.Module):
    def __init__(self):
        super().__init__(name='holder')
        self.pair = (tf.Variable(4.0, name='p0', trainable=False), tf.constant(5.0))
        self.mixed = [tf.constant(1.0), tf.Variable([2.0, 3.0]), 'text']
        self.table = {'c': tf.constant(0.0), 'z': tf.Variable(1.0)}


def test_only_trackable_items_of_a_plain_tuple_list_or_dict_are_saved(tmp_path):
    path = tf.train.Checkpoint(model=Holder()).write(str(tmp_path / 'ck'))
    assert tf.train.list_variables(path) == [
        ('_CHECKPOINTABLE_OBJECT_GRAPH', []),
        ('model/mixed/1/.ATTRIBUTES/VARIABLE_VALUE', [2]),
        ('model/pair/0/.ATTRIBUTES/VARIABLE_VALUE', []),
        ('model/table/z/.ATTRIBUTES/VARIABLE_VALUE', [])]


def test_the_mixed_tuple_restores(tmp_path):
    saved = Holder()
    saved.pair[0].assign(9.0)
    saved.mixed[1].assign([7.0, 8.0])
    path = tf.train.Checkpoint(model=saved).write(str(tmp_path / 'ck'))
    fresh = Holder()
    tf.train.Checkpoint(model=fresh).read(path).assert_consumed()
    assert float(fresh.pair[0]) == 9.0 and fresh.mixed[1].numpy().tolist() == [7.0, 8.0]
    assert float(fresh.pair[1]) == 5.0
