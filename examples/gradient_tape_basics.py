"""GradientTape basics (seeds 000 and 003), run on tapeflow.

The programs are the posts' own, with ``import tensorflow as tf`` changed to
``import framework as tf``; each result is printed beside the value the posts show.
Run: python examples/gradient_tape_basics.py
"""
import os
import sys

# Runs from a checkout without installing: put the repository root on the path.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))

import framework as tf  # noqa: E402

tf.enable_eager_execution()  # TensorFlow 1 programs ask for eager execution; tapeflow always is

# A watched constant: d(2x)/dx = 2.
x = tf.constant(3.0)
with tf.GradientTape() as g:
    g.watch(x)
    y = 2 * x
print('d(2x)/dx at x=3:', g.gradient(y, x).numpy(), '(the posts show 2.0)')

# Variables are watched automatically: d(x*x)/dx = 2x = 6.
x = tf.Variable(3.0)
with tf.GradientTape() as g:
    y = x * x
print('d(x*x)/dx at x=3:', g.gradient(y, x).numpy(), '(the posts show 6.0)')


# Python control flow is differentiated along the branch taken.
def with_if(x):
    if x <= 0:
        return x * 2
    else:
        return x * x * x


def with_if_gradient(n):
    x = tf.Variable(n)
    with tf.GradientTape() as g:
        y = with_if(x)
    print('n = %.1f: gradient = %.1f' % (n, g.gradient(y, x)))


with_if_gradient(-3.0)   # 2.0
with_if_gradient(0.0)    # 2.0
with_if_gradient(3.0)    # 27.0

# Several sources, in any order and nesting: the result has the same structure.
a = tf.Variable(3.0)
b = tf.Variable(4.0)
with tf.GradientTape() as g:
    f = a ** 2 + 5 * b
print(g.gradient(f, [a, b]))          # [6.0, 5.0]

a = tf.Variable(3.0)
b = tf.Variable(4.0)
with tf.GradientTape() as g:
    f = a ** 2 + 5 * b
print(g.gradient(f, [b, [a]]))        # [5.0, [6.0]]
