import path from 'node:path';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import webpack, { type Configuration } from 'webpack';
import type { Configuration as DevServerConfiguration } from 'webpack-dev-server';

/**
 * webpack-cli loads this file through ts-node, and Node 20.19+ evaluates the result as an ES module
 * (tsconfig says ESNext), where __dirname does not exist. webpack-cli only finds this file from the
 * repository root, so the working directory is the root.
 */
const root = process.cwd();
/** The SPA lives under /user/ on the one server (spec section 2); assets are fetched from there too. */
const publicPath = '/user/';
const apiServer = 'http://localhost:8080';
/** Everything the dev server forwards to the API server instead of answering with the SPA. */
const proxiedPaths = ['/api', '/index', '/user/info', '/static', '/uploads', '/generated', '/sites', '/zips'];

/**
 * ES module builds where a deep import names a CommonJS one: `antd/locale/zh_CN` and
 * `redux-persist/lib/...` would otherwise bundle CommonJS copies beside the ES modules that the rest
 * of the app already uses (jest, which runs CommonJS, keeps the paths as written).
 */
const esModuleAliases = {
  'antd/locale': 'antd/es/locale',
  'redux-persist/lib': 'redux-persist/es',
};

/**
 * react-router 7 points every export condition at its development build (remix-run/react-router
 * #12532, #14102); the production build differs only by dev warnings being off.
 */
const reactRouterProduction = {
  'react-router$': path.resolve(root, 'node_modules/react-router/dist/production/index.mjs'),
  'react-router/dom$': path.resolve(root, 'node_modules/react-router/dist/production/dom-export.mjs'),
};

/** See src/client/app/tooltipUniqueStub.tsx: ConfigProvider's unused tooltip provider, and only its. */
const tooltipUniqueStub = new webpack.NormalModuleReplacementPlugin(/[\\/]tooltip[\\/]UniqueProvider$/, (resource) => {
  if (/[\\/]antd[\\/]es[\\/]config-provider[\\/]index\.js$/.test(resource.contextInfo?.issuer ?? '')) {
    resource.request = path.resolve(root, 'src/client/app/tooltipUniqueStub.tsx');
  }
});

/** See src/client/api/axiosFetchAdapterStub.ts: the fetch adapter that the browser never reaches. */
const axiosFetchAdapterStub = new webpack.NormalModuleReplacementPlugin(/^\.\/fetch\.js$/, (resource) => {
  if (/[\\/]axios[\\/]lib[\\/]adapters[\\/]adapters\.js$/.test(resource.contextInfo?.issuer ?? '')) {
    resource.request = path.resolve(root, 'src/client/api/axiosFetchAdapterStub.ts');
  }
});

/** See src/client/app/antdUnusedPartsStub.tsx: a Table column's filter dropdown, a Card's tabs and Input.OTP. */
const antdUnusedPartsStub = new webpack.NormalModuleReplacementPlugin(/^(?:\.\/FilterDropdown|\.\.\/tabs|\.\/OTP)$/, (resource) => {
  const issuer = resource.contextInfo?.issuer ?? '';
  if (/[\\/]antd[\\/]es[\\/](?:table[\\/]hooks[\\/]useFilter[\\/]index|card[\\/]Card|input[\\/]index)\.js$/.test(issuer)) {
    resource.request = path.resolve(root, 'src/client/app/antdUnusedPartsStub.tsx');
  }
});

/** See src/client/app/paginationSizeChanger.tsx: Pagination's page-size Select, loaded when shown. */
const paginationSizeChanger = new webpack.NormalModuleReplacementPlugin(/^\.\.\/select$/, (resource) => {
  if (/[\\/]antd[\\/]es[\\/]pagination[\\/]Pagination\.js$/.test(resource.contextInfo?.issuer ?? '')) {
    resource.request = path.resolve(root, 'src/client/app/paginationSizeChanger.tsx');
  }
});

/** See src/client/app/tableSelectionStub.ts: a Table's row selection, which no table here uses. */
const tableSelectionStub = new webpack.NormalModuleReplacementPlugin(/^\.\.?\/(?:hooks\/)?useSelection$/, (resource) => {
  if (/[\\/]antd[\\/]es[\\/]table[\\/]/.test(resource.contextInfo?.issuer ?? '')) {
    resource.request = path.resolve(root, 'src/client/app/tableSelectionStub.ts');
  }
});

/**
 * antd falls back to its English texts where a locale leaves a key out; zh_CN leaves none out and is
 * bundled anyway, so it serves as the fallback too and the English table stays out of the bundle.
 */
const antdFallbackLocale = new webpack.NormalModuleReplacementPlugin(/^(?:\.\.\/)+locale\/en_US$|^\.\/en_US$/, (resource) => {
  const issuer = resource.contextInfo?.issuer ?? '';
  // Rewritten before resolving, so that both names resolve to the one zh_CN module.
  if (/[\\/]antd[\\/]es[\\/]/.test(issuer) && (resource.request !== './en_US' || /[\\/]antd[\\/]es[\\/]locale[\\/]/.test(issuer))) {
    resource.request = path.resolve(root, 'node_modules/antd/es/locale/zh_CN.js');
  }
});

interface CliArgs {
  mode?: Configuration['mode'];
}

export default function config(_env: Record<string, unknown>, argv: CliArgs): Configuration & { devServer?: DevServerConfiguration } {
  const production = argv.mode !== 'development';
  return {
    mode: production ? 'production' : 'development',
    entry: { main: path.resolve(root, 'src/client/index.tsx') },
    output: {
      path: path.resolve(root, 'dist/client'),
      publicPath,
      filename: production ? 'js/[name].[contenthash:10].js' : 'js/[name].js',
      chunkFilename: production ? 'js/[name].[contenthash:10].js' : 'js/[name].js',
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.js', '.mjs'],
      alias: { ...esModuleAliases, ...(production ? reactRouterProduction : {}) },
    },
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          use: {
            loader: 'swc-loader',
            options: {
              jsc: {
                parser: { syntax: 'typescript', tsx: true },
                transform: { react: { runtime: 'automatic', development: !production, refresh: false } },
                target: 'es2020',
              },
            },
          },
        },
        {
          test: /\.css$/,
          // Extracted files in production: the server's CSP allows our own stylesheets, not inline <style>.
          use: [production ? MiniCssExtractPlugin.loader : 'style-loader', 'css-loader'],
        },
        { test: /\.(png|jpe?g|gif|svg|webp)$/, type: 'asset/resource' },
        // These packages declare no `sideEffects` yet have none: without this flag every module behind
        // their index (react-dom rendering, focus locks, portals, motion lists) rides along wherever
        // one helper is imported, antd's ConfigProvider included.
        { test: /[\\/]node_modules[\\/](@rc-component[\\/][^\\/]+|@ant-design[\\/](cssinjs|cssinjs-utils|fast-color|colors))[\\/]es[\\/]/, sideEffects: false },
      ],
    },
    optimization: {
      splitChunks: {
        chunks: 'all',
        cacheGroups: {
          // React, the router and redux change rarely: one long-cached chunk shared by every route.
          framework: {
            test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|@reduxjs|redux|redux-saga|@redux-saga|react-redux|redux-persist|immer|reselect)[\\/]/,
            name: 'framework',
            priority: 20,
          },
          // The code that draws an antd icon (not the icons themselves) is a few KiB that every
          // page with an icon needs: one chunk, instead of a copy in each page's chunk (below
          // splitChunks' minimum size, it was copied into eleven, two of them on every first page).
          // Its context stays where antd's ConfigProvider already puts it, in the first load.
          antdIconRuntime: {
            test: /[\\/]node_modules[\\/]@ant-design[\\/]icons[\\/]es[\\/](?!icons[\\/]|components[\\/]Context\.js$)/,
            name: 'antd-icon',
            priority: 15,
            enforce: true,
          },
        },
      },
      runtimeChunk: 'single',
      // The shortest export names rather than stable ones: 1.3 KiB gzip less on a first load, for
      // chunk hashes that change a little more often between releases.
      mangleExports: 'size',
    },
    plugins: [
      tooltipUniqueStub,
      axiosFetchAdapterStub,
      antdUnusedPartsStub,
      paginationSizeChanger,
      tableSelectionStub,
      antdFallbackLocale,
      new HtmlWebpackPlugin({
        template: path.resolve(root, 'src/client/index.html'),
        // Scripts as external files with defer: the server's CSP forbids inline scripts.
        scriptLoading: 'defer',
        inject: 'head',
      }),
      ...(production ? [new MiniCssExtractPlugin({ filename: 'css/[name].[contenthash:10].css', chunkFilename: 'css/[name].[contenthash:10].css' })] : []),
    ],
    performance: { hints: production ? 'warning' : false, maxEntrypointSize: 700_000, maxAssetSize: 700_000 },
    devServer: {
      port: 3000,
      historyApiFallback: { index: `${publicPath}index.html`, disableDotRule: true },
      devMiddleware: { publicPath },
      open: false,
      proxy: [{ context: proxiedPaths, target: apiServer, changeOrigin: false }],
    },
  };
}
