// nprogress and its stylesheet as one chunk, which ProgressBar loads on demand (out of first-load JS and CSS).
import NProgress from 'nprogress'
import '../styles/nprogress.css'

export default NProgress
