"""Versions: tapeflow's own (``TAPEFLOW_VERSION``: the package's, which setup.cfg reads) and those of
the APIs it follows, where ported programs look for them: ``tf.__version__`` / ``tf.version.VERSION``
are TensorFlow's and ``keras.__version__`` Keras's. Programs print these at their top and check them
(``assert version.parse(tf.__version__).release[0] >= 2``, tensorflow.org's notebooks), so they name
the TensorFlow 2.21 / Keras 3.15 whose behaviour, numbers and files tapeflow reproduces."""
TAPEFLOW_VERSION = '0.1.0'
VERSION = '2.21.0'            # the TensorFlow API tapeflow follows
KERAS_VERSION = '3.15.1'      # the Keras API (and the file layouts: layers/saving) it follows
__version__ = VERSION

# The rest of tf.version, for programs that print it. tapeflow writes no GraphDefs, so their
# versions are 0; the compiler is the one that built this Python; the git version names tapeflow's.
import platform as _platform  # noqa: E402

GIT_VERSION = 'v%s-tapeflow-%s' % (VERSION, TAPEFLOW_VERSION)
COMPILER_VERSION = _platform.python_compiler()
GRAPH_DEF_VERSION = GRAPH_DEF_VERSION_MIN_CONSUMER = GRAPH_DEF_VERSION_MIN_PRODUCER = 0
