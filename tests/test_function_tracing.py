"""tf.function's first call when it creates variables: TensorFlow traces it twice."""
import framework as tf
def test_a_first_call_that_creates_variables_traces_twice_as_tensorflow(capsys):
    # TF 2.21: the first call traces with variable creation allowed, then again without:
    # tracing count 2, the trace-time print twice; tf.print runs once per call.
    made = []

    @tf.function
    def step(x):
        print('tracing')
        if not made:
            made.append(tf.Variable(2.0))
        return x * made[0]

    step(tf.constant(1.0))
    step(tf.constant(3.0))
    assert step.experimental_get_tracing_count() == 2
    assert capsys.readouterr().out == 'tracing\ntracing\n'

    @tf.function
    def plain(x):
        print('plain')
        return x + 1

    plain(tf.constant(1.0))
    assert plain.experimental_get_tracing_count() == 1 and capsys.readouterr().out == 'plain\n'
